"""dubov_explain: pairs Swiss tournaments by the FIDE Dubov System and explains every step."""

__version__ = "0.1.0"
