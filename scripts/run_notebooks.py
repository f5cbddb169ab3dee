"""Executes the classroom notebooks top to bottom (nbclient); exits non-zero on a failure.

- The teacher's versions (notebooks/corrige/) must run without an error.
- The pupils' versions (notebooks/) hold `...` where the answers go, so a cell after the first
  "À compléter" one may fail; every cell before it (reading the CSV files, the first tables)
  must run.
The CSV files are read from $SENET_REPORTS (see tests/cli/notebooks.rs).
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def execute(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb


def errors(nb):
    """(cell index, error name and value) of each cell that failed."""
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                yield i, f"{out['ename']}: {out['evalue']}"


failed = []
pupils = sorted(NOTEBOOKS.glob("*.ipynb"))
teacher = sorted((NOTEBOOKS / "corrige").glob("*.ipynb"))
if not pupils or len(pupils) != len(teacher):
    print(f"expected as many teacher's notebooks as pupils' ({len(teacher)} and {len(pupils)})")
    sys.exit(1)
for path in teacher:
    bad = list(errors(execute(path)))
    label = f"corrige/{path.name}"
    if bad:
        failed.append(label)
        print(f"FAILED  {label}: cell {bad[0][0]}: {bad[0][1]}")
    else:
        print(f"ok      {label}")
for path in pupils:
    nb = execute(path)
    todo = next((i for i, c in enumerate(nb.cells)
                 if c.cell_type == "code" and "À compléter" in c.source), len(nb.cells))
    bad = [(i, e) for i, e in errors(nb) if i < todo]
    if bad:
        failed.append(path.name)
        print(f"FAILED  {path.name}: cell {bad[0][0]} (before the first to complete): {bad[0][1]}")
    else:
        print(f"ok      {path.name}")
sys.exit(1 if failed else 0)
