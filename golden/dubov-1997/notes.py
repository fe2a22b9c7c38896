NOTES: dict[str, tuple[str, ...]] = {}
