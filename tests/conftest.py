"""Shared test set-up: the repository root on sys.path is provided by the
editable install; here only common paths."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "transcripts"
DATA = Path(__file__).resolve().parent / "data"
