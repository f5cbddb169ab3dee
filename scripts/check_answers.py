"""Pupils' answers, typed as pupils type them, run through the real cells of the pupils'
notebooks 1 and 2 (nbclient, one kernel each): each answer must get its verdict, and the cell
after it must still run (an answer never breaks a later cell).

Usage: .venv/bin/python scripts/check_answers.py   (exits 1 on a wrong verdict; prints the table)
Run by tests/cli/notebooks.rs (`pupils_answers_get_the_verdict_a_teacher_gives`).
"""

import shutil
import sys
import tempfile
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

# What the notebook prints for each verdict.
SAID = {
    "juste": "juste (",
    "grossier": "arrondi trop grossier",
    "à revoir": "à revoir",
    "absente": "réponse absente",
    "illisible": "je ne lis pas",
}

# Lesson 1, the frequency of the value 2: the class threw it 130 times in 407 (0.31941...).
FREQUENCE_2 = [
    ("0.3194", "juste"), ("0.32", "juste"), ("0.319", "juste"), ("0,32", "juste"),
    ('"0,32"', "juste"), ("0,3194", "juste"), ("32 %", "juste"), ('"32 %"', "juste"),
    ("31,9 %", "juste"), ("130/407", "juste"), ('"130 sur 407"', "juste"),
    ("effectif_2 / total", "juste"), ("0.3", "grossier"), ("0,3", "grossier"),
    ("30 %", "à revoir"), ("0.31", "à revoir"), ("0.33", "à revoir"), ("1/4", "à revoir"),
    ("25 %", "à revoir"), ('"environ un tiers"', "illisible"), ("...", "absente"),
]
# Lesson 1, each value's probability were they equiprobable: 1/5.
EQUIPROBABLE = [
    ("1/5", "juste"), ("0.2", "juste"), ("0,2", "juste"), ("20 %", "juste"),
    ('"1 sur 5"', "juste"), ("0,20", "juste"), ("0.25", "à revoir"), ("1/4", "à revoir"),
]
# Lesson 1, the total of throws: 407.
TOTAL = [("407", "juste"), ("400", "à revoir"), ('"407"', "juste")]


def lesson_one(folder):
    """The class's counts of lesson 1: 130 of 407 throws gave a 2."""
    (folder / "class_throws.csv").write_text(
        "configuration,valeur,effectif_classe\n"
        "pièces,1,99\npièces,2,130\npièces,3,110\npièces,4,38\npièces,6,30\n",
        encoding="utf-8")


def lesson_two(folder):
    """Lesson 2's files from the committed report; its frequency f at 4, 3 and 2 decimals."""
    for name in ["throws.csv", "summary.csv", "columns.csv"]:
        shutil.copy(ROOT / "reports/lesson/lecon-2-qui-commence/rfc4180" / name, folder / name)
    import csv
    with open(folder / "summary.csv", encoding="utf-8-sig") as f:
        row = next(r for r in csv.DictReader(f) if r["configuration"] == "pièces")
    return float(row["fréquence_départages_premier_lanceur"])


def up(x, d):
    """x rounded half up to d decimals, as text with a decimal comma."""
    s = f"{int(x * 10 ** d + 0.5) / 10 ** d:.{d}f}"
    return s.replace(".", ",")


def cell_with(source, answers):
    """The cell's source with each `name = ...  # À compléter` line answered."""
    lines = []
    for line in source.split("\n"):
        for name, answer in answers.items():
            if line.startswith(f"{name} = ...  # À compléter"):
                line = f"{name} = {answer}  # À compléter"
        lines.append(line)
    return "\n".join(lines)


def run(notebook, folder, target, cases):
    """Runs the notebook's cells before `target` (the index of the answers' cell), then the
    target cell once per case, each followed by a cell that uses the answered name; returns
    (case, expected, got, later cell ran) per case."""
    nb = nbformat.read(notebook, as_version=4)
    cells = nb.cells[:target]
    template = nb.cells[target].source
    for answers, name, _ in cases:
        cells.append(nbformat.v4.new_code_cell(cell_with(template, answers)))
        cells.append(nbformat.v4.new_code_cell(f"print('suite :', fr({name}))"))
    nb.cells = cells
    client = NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(folder)}})
    client.execute()
    out = []
    for k, (answers, name, expected) in enumerate(cases):
        cell, probe = nb.cells[target + 2 * k], nb.cells[target + 2 * k + 1]
        text = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
        line = next((l for l in text.splitlines() if l.split(" : ")[0].endswith(question(name))), "")
        got = next((v for v, said in SAID.items() if said in line), "erreur: " + text.strip()[-80:])
        errors = [o for o in cell.outputs + probe.outputs if o.get("output_type") == "error"]
        out.append((answers[name], expected, got, not errors, line))
    return out


def class_file_rows():
    """Notebook 1 alone with the teacher's classe.csv as French Excel writes it (Windows-1252,
    semicolons, a « Total » row) and no report: the class's counts are read from it."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        text = ("Groupe;1;2;3;4;6\r\nÉquipe de Zoé;3;19;19;5;4\r\nLes Rapides;5;18;18;5;4\r\n"
                "Total;8;37;37;10;8\r\n")
        (folder / "classe.csv").write_bytes(text.encode("cp1252"))
        nb1 = folder / "1-batonnets-ou-pieces.ipynb"
        shutil.copy(NOTEBOOKS / nb1.name, nb1)
        nb = nbformat.read(nb1, as_version=4)
        target = next(i for i, c in enumerate(nb.cells) if c.source.startswith("classe = lancers_de_la_classe()"))
        nb.cells = nb.cells[:target + 1] + [nbformat.v4.new_code_cell(
            "print('effectifs :', list(classe['effectif_classe']))")]
        NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(folder)}}).execute()
        said = "".join(o.get("text", "") for c in nb.cells[target:] for o in c.get("outputs", [])
                       if o.get("output_type") == "stream")
        for expected in ["Lancers de la classe lus dans classe.csv (2 groupes).",
                         "effectifs : [8, 37, 37, 10, 8]"]:
            got = "juste" if expected in said else "absent: " + said.strip()[-60:]
            rows.append(("1", "classe.csv", expected[:22], "juste", got, True, said))
    return rows


def question(name):
    """The question each checked name is asked under, as verifier prints it."""
    return {
        "frequence_2": "fréquence de l'issue 2",
        "total": "nombre total de lancers",
        "equiprobable": "probabilité de chaque issue si elles étaient équiprobables",
        "f": "fréquence des parties où le premier lanceur commence",
    }[name]


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        one, two = Path(tmp) / "1", Path(tmp) / "2"
        one.mkdir()
        two.mkdir()
        lesson_one(one)
        nb1 = one / "1-batonnets-ou-pieces.ipynb"
        shutil.copy(NOTEBOOKS / nb1.name, nb1)
        cases = [({"total": "407", "frequence_2": a}, "frequence_2", v) for a, v in FREQUENCE_2]
        cases += [({"total": a, "frequence_2": "0.32"}, "total", v) for a, v in TOTAL]
        target = next(i for i, c in enumerate(nbformat.read(nb1, 4).cells)
                      if "frequence_2 = ..." in c.source)
        rows += [("1", "frequence_2" if k < len(FREQUENCE_2) else "total", *r)
                 for k, r in enumerate(run(nb1, one, target, cases))]
        target = next(i for i, c in enumerate(nbformat.read(nb1, 4).cells)
                      if "equiprobable = ..." in c.source)
        cases = [({"equiprobable": a}, "equiprobable", v) for a, v in EQUIPROBABLE]
        rows += [("1", "equiprobable", *r) for r in run(nb1, one, target, cases)]
        f = lesson_two(two)
        nb2 = two / "2-qui-commence.ipynb"
        shutil.copy(NOTEBOOKS / nb2.name, nb2)
        answers = [(up(f, 4), "juste"), (up(f, 4).replace(",", "."), "juste"),
                   (up(f, 2), "juste"), (f'"{up(f * 100, 1)} %"', "juste"),
                   (up(f * 100, 0) + " %", "juste"), (up(f, 1), "grossier"),
                   (up(f + 0.05, 2), "à revoir"), ('"0.5.7"', "illisible")]
        target = next(i for i, c in enumerate(nbformat.read(nb2, 4).cells) if "f = ..." in c.source)
        cases = [({"f": a}, "f", v) for a, v in answers]
        rows += [("2", "f", *r) for r in run(nb2, two, target, cases)]
    rows += class_file_rows()
    bad = 0
    print(f"{'carnet':6} {'question':12} {'réponse':22} {'attendu':10} {'obtenu':10} suite")
    for nb, name, answer, expected, got, later, line in rows:
        ok = expected == got and later
        bad += not ok
        mark = "" if ok else "   <-- FAUX: " + line
        print(f"{nb:6} {name:12} {answer:22} {expected:10} {got:10} {'ok' if later else 'ERREUR'}{mark}")
    print(f"{len(rows) - bad} passed, {bad} failed")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
