"""Executes every notebook of notebooks/ top to bottom (nbclient); exits non-zero on the first
cell that fails. The CSV files are read from $SENET_REPORTS (see tests/notebooks.rs)."""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

failed = []
for path in sorted(NOTEBOOKS.glob("*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    try:
        client.execute()
        print(f"ok      {path.name}")
    except Exception as e:  # noqa: BLE001 - report every failing notebook, then fail
        print(f"FAILED  {path.name}: {e}")
        failed.append(path.name)
if not list(NOTEBOOKS.glob("*.ipynb")):
    print("no notebook found")
    sys.exit(1)
sys.exit(1 if failed else 0)
