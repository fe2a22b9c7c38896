NOTES: dict[str, list[str]] = {}
WITNESS: dict[str, dict[str, list[str]]] = {}
