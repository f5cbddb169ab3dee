"""Executes the classroom notebooks top to bottom (nbclient); exits non-zero on a failure.

- The teacher's versions (notebooks/corrige/) must run without an error, and every answer they
  hold must be judged right: no check may print « à revoir » or « réponse absente ».
- The pupils' versions (notebooks/) hold `...` where the answers go: they must run without an
  error too, every exercise left blank (a later section uses the value the simulation gives
  and says so in French), so that a pupil stuck on one question can do the next ones; each cell
  with a blank must say « réponse absente », and none « à revoir ».
The CSV files are read from $SENET_REPORTS (see tests/cli/notebooks.rs). With `--alone DIR`,
each pupils' notebook is copied into DIR/<its name>/, which holds its lesson's rfc4180/ files,
and run there alone, as on Capytale or Basthon.
"""

import shutil
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


def printed(cell):
    """What a code cell printed (its stream outputs)."""
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def verdicts(nb, teacher):
    """(cell index, what is wrong) of each check that judged an answer wrongly: in the teacher's
    version any « à revoir » or « absente »; in the pupils' any « à revoir », and any cell with a
    blank that does not say « réponse absente »."""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        text = printed(cell)
        if "à revoir" in text:
            yield i, "an answer judged « à revoir »: " + text.strip().splitlines()[-1]
        if teacher and "absente" in text:
            yield i, "an answer judged absent in the corrigé"
        if teacher and "(réponse)" in cell.source and "✅" not in text:
            yield i, "an answer of the corrigé that no check judged right"
        if not teacher and "...  # À compléter" in cell.source and "réponse absente" not in text:
            yield i, "a blank that no check reports as missing"


def check(path, label, how=""):
    """Runs one notebook and prints ok or FAILED with its first failing cell."""
    nb = execute(path)
    bad = list(errors(nb)) or list(verdicts(nb, "corrige" in path.parts))
    if bad:
        failed.append(label)
        print(f"FAILED  {label}{how}: cell {bad[0][0]}: {bad[0][1]}")
    else:
        print(f"ok      {label}{how}")


if sys.argv[1:2] == ["--alone"]:
    for path in pupils:
        copy = Path(sys.argv[2]) / path.stem / path.name
        shutil.copy(path, copy)
        check(copy, path.name, " (alone with its CSV files)")
    sys.exit(1 if failed else 0)
teacher = sorted((NOTEBOOKS / "corrige").glob("*.ipynb"))
if not pupils or len(pupils) != len(teacher):
    print(f"expected as many teacher's notebooks as pupils' ({len(teacher)} and {len(pupils)})")
    sys.exit(1)
for path in teacher:
    check(path, f"corrige/{path.name}")
for path in pupils:
    check(path, path.name, " (every exercise blank)")
sys.exit(1 if failed else 0)
