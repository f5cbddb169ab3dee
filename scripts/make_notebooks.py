"""Writes the classroom notebooks of notebooks/ (in French) from the cells below.

Run with the project's Python (after scripts/setup.sh):  .venv/bin/python scripts/make_notebooks.py
Each notebook reads the CSV files of one lesson scenario (scenarios/lesson/), from
$SENET_REPORTS/<name>/ if that variable is set, else reports/<name>/ (after `senet-sim run`),
else the committed reports/lesson/<name>/, else the notebook's own folder (Capytale, Basthon:
upload the CSV files beside the notebook). Both CSV dialects are read: the default one (commas)
and `--csv excel-fr` (semicolons, decimal commas), which a French scenario writes by default.

Each lesson is written twice: notebooks/NAME for the pupils, whose "À compléter" cells hold
`...` where the answer goes, and notebooks/corrige/NAME for the teacher, with the answers
(the lines marked `# (réponse)` below).
"""

import re

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent.parent / "notebooks"


# The first line of the helper cell: the notebook says before it to run it as it is.
AS_IS = "# À EXÉCUTER SANS MODIFIER (Maj + Entrée) : préparation du carnet."

RUN_AS_IS = """**Cellule à exécuter sans la modifier** (sélectionnez-la, puis Maj + Entrée) : elle trouve les
fichiers de la simulation et prépare l'écriture des nombres à la française. Les cellules à
compléter viennent après : écrivez votre réponse à la place de `...`, comme vous l'écririez sur
une copie (`0.32`, `0,32`, `32 %`, `1/4` ou `1 sur 4`)."""


# How a pupil's answer is read and judged, the same in every notebook (a plain string: no
# f-string braces). A pupil types an answer as pupils do: 0.32, 0,32, "0,32", 32 %, "32 %",
# 1/4, "1 sur 4". A line `nom = 0,32` or `nom = 25 %` would be a tuple or a SyntaxError in
# Python: the kernel's input transformer writes such an answer between quotes before Python
# reads the cell, and `verifier` reads the text the French way.
ANSWERS = """
import re
from fractions import Fraction

# Une réponse écrite à la française, que Python lirait mal : 0,32 ; 32 % ; 37,5 % ; 1 sur 4.
A_LA_FRANCAISE = re.compile(r"^\\d[\\d\\s\\u00a0\\u202f]*([.,]\\d+)?\\s*%$|^\\d+,\\d+$|^\\d+\\s*sur\\s*\\d+$")
LIGNE_REPONSE = re.compile(r"^(\\s*[A-Za-z_]\\w*\\s*=\\s*)([^#\\"']*?)(\\s*#.*)?$")


def reponses_entre_guillemets(lignes):
    \"\"\"Met entre guillemets une réponse écrite à la française (nom = 0,32), pour que Python
    lise la cellule sans erreur et que verifier() lise la réponse.\"\"\"
    sortie = []
    for ligne in lignes:
        m = LIGNE_REPONSE.match(ligne.rstrip("\\n"))
        if m and A_LA_FRANCAISE.match(m.group(2).strip()):
            fin = "\\n" if ligne.endswith("\\n") else ""
            ligne = f"{m.group(1)}{m.group(2).strip()!r}{m.group(3) or ''}{fin}"
        sortie.append(ligne)
    return sortie


try:
    _transformes = get_ipython().input_transformers_cleanup
    _transformes[:] = [t for t in _transformes if getattr(t, "__name__", "") != "reponses_entre_guillemets"]
    _transformes.append(reponses_entre_guillemets)
except NameError:  # hors de Jupyter : écrire la réponse entre guillemets, "0,32"
    pass


def lire_reponse(valeur):
    \"\"\"(nombre, décimales, texte montré) d'une réponse ; décimales vaut None pour une valeur
    exacte (une fraction, un calcul) ; nombre vaut None pour une réponse illisible.\"\"\"
    if isinstance(valeur, tuple) and len(valeur) == 2 and all(isinstance(v, int) for v in valeur):
        valeur = f"{valeur[0]},{valeur[1]}"  # 0,32 écrit sans guillemets hors de Jupyter
    if isinstance(valeur, bool):
        return None, None, str(valeur)
    if isinstance(valeur, (int, Fraction)) or (isinstance(valeur, Number) and float(valeur).is_integer()):
        return valeur, (0 if isinstance(valeur, int) else None), fr(valeur)
    if isinstance(valeur, Number):
        ecrit = repr(float(valeur))
        decimales = len(ecrit.split(".")[1]) if "." in ecrit and "e" not in ecrit else 99
        decimales = decimales if decimales <= 6 else None
        return float(valeur), decimales, fr(valeur, 4 if decimales is None else decimales)
    if not isinstance(valeur, str):
        return None, None, str(valeur)
    texte = valeur.strip().strip("\\"'«» ").replace("\\u00a0", " ").replace("\\u202f", " ")
    montre = texte.replace(".", ",")
    t = re.sub(r"(?<=\\d)\\s+(?=\\d)", "", texte).replace(",", ".")
    m = re.fullmatch(r"(\\d+)\\s*(?:/|sur)\\s*(\\d+)", t)
    if m and int(m.group(2)) > 0:
        return Fraction(int(m.group(1)), int(m.group(2))), None, montre
    m = re.fullmatch(r"(\\d+(?:\\.(\\d+))?)\\s*%", t)
    if m:
        return float(m.group(1)) / 100, len(m.group(2) or "") + 2, montre
    m = re.fullmatch(r"\\d+(?:\\.(\\d+))?", t)
    if m:
        return float(t), len(m.group(1) or ""), montre
    return None, None, texte


def arrondi(x, decimales):
    \"\"\"x arrondi à `decimales` décimales comme un élève arrondit (0,0625 donne 0,063).\"\"\"
    echelle = 10 ** decimales
    return math.floor(abs(x) * echelle + 0.5 + 1e-9) / echelle * (1 if x >= 0 else -1)


def chiffres_significatifs(x, decimales):
    \"\"\"Combien de chiffres compte x écrit avec `decimales` décimales, sans les zéros du début.\"\"\"
    return len(f"{abs(x):.{decimales}f}".replace(".", "").lstrip("0"))


def juger(valeur, attendu, ecart=None, chiffres=2):
    \"\"\"« absente », « illisible », « juste », « grossier » ou « à revoir », et la réponse
    telle que l'élève l'a écrite. Une réponse juste est la valeur exacte, ou la valeur exacte
    arrondie au nombre de décimales que l'élève a écrites, avec au moins
    `chiffres` chiffres ; moins de chiffres, c'est un arrondi trop grossier.\"\"\"
    if valeur is ... or valeur is None:
        return "absente", ""
    nombre, decimales, montre = lire_reponse(valeur)
    if nombre is None:
        return "illisible", montre
    x, b = float(nombre), float(attendu)
    if ecart is not None:
        return ("juste" if abs(x - b) <= ecart else "à revoir"), montre
    # Equal to the 6 digits the CSV files keep (a pupil's exact computation is right).
    if proche(x, b):
        return "juste", montre
    if decimales is None or decimales > 12:
        return "à revoir", montre
    if math.isclose(x, arrondi(b, decimales), rel_tol=1e-9, abs_tol=1e-12):
        grossier = not b.is_integer() and chiffres_significatifs(x, decimales) < chiffres
        return ("grossier" if grossier else "juste"), montre
    return "à revoir", montre


def verifier(valeur, attendu, question, ecart=None):
    \"\"\"Dit si la réponse de l'élève est juste, absente, trop arrondie, illisible ou à revoir, et
    rend la valeur que la suite du carnet utilise : la valeur exacte calculée par senet-sim
    (une question sans réponse ou fausse ne bloque pas la suite).\"\"\"
    if hasattr(attendu, "iloc") and len(attendu) == 1:
        attendu = attendu.iloc[0]
    verdict, montre = juger(valeur, attendu, ecart)
    suite = f"la suite utilise la valeur {fr(attendu)} calculée par senet-sim."
    if verdict == "juste":
        print(f"✅ {question} : juste ({montre}).")
        return attendu if ecart is None else lire_reponse(valeur)[0]
    if verdict == "absente":
        print(f"❓ {question} : réponse absente ; {suite}")
    elif verdict == "illisible":
        print(f"❓ {question} : je ne lis pas « {montre} » comme un nombre. Écris par exemple "
              f"0.32 (avec un point), ou entre guillemets \\"0,32\\", \\"32 %\\" ou \\"1/4\\" ; {suite}")
    elif verdict == "grossier":
        print(f"🔸 {question} : {montre}, arrondi trop grossier : garde au moins deux chiffres après "
              f"les zéros du début (comme 0,25 ou 0,063) ; {suite}")
    else:
        print(f"❌ {question} : {montre}, à revoir ; {suite}")
    return attendu
"""


# Lesson 1 reads the class's own counts: the teacher's classe.csv (beside the notebook, or the
# kit's scenarios/lesson/classe.csv) when it holds a class's groups, else class_throws.csv of
# the report, and says which, and whether they are the kit's example groups.
CLASSE = """


def lire_classe_csv(chemin):
    \"\"\"(valeurs et effectifs de la classe, nombre de groupes, groupes d'exemple ?) d'un
    classe.csv écrit à la main ou par un tableur (UTF-8, UTF-16 ou Windows-1252 ; points-virgules,
    virgules ou tabulations) ; une ligne « Total » n'est pas un groupe.\"\"\"
    import csv
    brut = chemin.read_bytes()
    codage = "utf-16" if brut[:2] in (b"\\xff\\xfe", b"\\xfe\\xff") else "utf-8-sig"
    try:
        texte = brut.decode(codage)
    except UnicodeDecodeError:
        texte = brut.decode("cp1252")
    lignes = [l for l in texte.splitlines() if l.strip(" ;,\\t")]
    sep = "\\t" if "\\t" in lignes[0] else ";" if ";" in lignes[0] else ","
    lues = [[c.strip() for c in r] for r in csv.reader(lignes, delimiter=sep)]
    colonnes = [(i, int(c)) for i, c in enumerate(lues[0]) if i > 0 and c.isdigit()]
    groupes = [r for r in lues[1:] if not r[0].lower().startswith("total")]
    effectifs = [sum(int(r[i].replace(",0", "")) for r in groupes) for i, _ in colonnes]
    tableau = pd.DataFrame({"valeur": [v for _, v in colonnes], "effectif_classe": effectifs})
    exemple = all("exemple" in r[0].lower() for r in groupes)
    return tableau.sort_values("valeur").reset_index(drop=True), len(groupes), exemple


def lancers_de_la_classe():
    \"\"\"Les effectifs de la classe : classe.csv s'il contient les groupes de la classe (à côté
    du carnet, ou scenarios/lesson/classe.csv), sinon class_throws.csv du rapport.\"\"\"
    for chemin in [Path("classe.csv"), Path("../scenarios/lesson/classe.csv"), Path("../../scenarios/lesson/classe.csv")]:
        if chemin.exists():
            try:
                tableau, groupes, exemple = lire_classe_csv(chemin)
            except (ValueError, IndexError):
                print(f"⚠️ {chemin} : je ne sais pas le lire (une case qui n'est pas un nombre entier ?) ; "
                      f"le carnet prend les lancers du rapport.")
                continue
            if not exemple:
                print(f"Lancers de la classe lus dans {chemin} ({groupes} groupe{'s' if groupes > 1 else ''}).")
                return tableau
    tableau = lire("class_throws.csv")
    try:
        noms = lire("class_pooled.csv")["groupe"]
        if all("exemple" in str(n).lower() for n in noms):
            print("⚠️ Ce sont les groupes d'exemple du kit, pas les lancers de votre classe : écrivez "
                  "les effectifs de vos groupes dans classe.csv (à côté de ce carnet).")
    except (FichierManquant, KeyError):
        pass
    return tableau
"""


def load(name):
    return f'''{AS_IS}
import os
from pathlib import Path
import math
import pandas as pd
import matplotlib
import matplotlib.pyplot as plt
from numbers import Number
from matplotlib.ticker import FuncFormatter, MaxNLocator

# Où sont les fichiers CSV de la simulation ? reports/{name}/ après
# `senet-sim run scenarios/lesson/...`, sinon les rapports fournis (reports/lesson/{name}/),
# sinon le dossier du carnet (Capytale, Basthon : déposer les fichiers CSV à côté du carnet).
candidats = [Path(os.environ["SENET_REPORTS"]) / "{name}"] if "SENET_REPORTS" in os.environ else []
for haut in [Path(".."), Path("../..")]:
    candidats += [haut / "reports" / "{name}", haut / "reports" / "lesson" / "{name}"]
dossier = next((d for d in candidats if (d / "columns.csv").exists()), Path("."))
print("Fichiers lus dans :", dossier.resolve())


class FichierManquant(Exception):
    """Un fichier CSV de la leçon n'est pas là."""


def lire(fichier, ou=None):
    """Lit un fichier CSV de senet-sim, qu'il soit écrit avec des virgules (rfc4180/) ou
    pour un tableur français (points-virgules et virgules décimales)."""
    chemin = (ou or dossier) / fichier
    if not chemin.exists():
        raise FichierManquant(
            f"Il manque le fichier « {{fichier}} ». Déposez-le à côté du carnet : il est dans le "
            f"dossier du rapport de la leçon (reports/lesson/{name}/ ou son sous-dossier "
            f"rfc4180/), ou lancez d'abord senet-sim run scenarios/lesson/... sur l'ordinateur."
        ) from None
    with open(chemin, encoding="utf-8-sig") as f:
        entete = f.readline()
    if ";" in entete:
        return pd.read_csv(chemin, sep=";", decimal=",", encoding="utf-8-sig")
    return pd.read_csv(chemin, encoding="utf-8-sig")


def fr(x, decimales=4):
    """Un nombre écrit à la française : virgule décimale, espace entre les milliers
    (« … » tant que la réponse n'est pas écrite) ; un nombre entier sans décimales."""
    if not isinstance(x, Number):
        return "… (à compléter)"
    if float(x).is_integer():
        decimales = 0
    texte = f"{{float(x):,.{{decimales}}f}}"
    return texte.replace(",", "\u202f").replace(".", ",")


def proche(a, b, ecart=None):
    """Vrai quand a est un nombre égal à b aux 6 chiffres que gardent les fichiers CSV près
    (ou à `ecart` près pour une valeur lue sur un graphique) ; faux pour une réponse absente."""
    if not isinstance(a, Number) or isinstance(a, bool):
        return False
    if ecart is not None:
        return abs(float(a) - float(b)) <= ecart
    return math.isclose(float(a), float(b), rel_tol=1e-5, abs_tol=1e-9)
''' + ANSWERS + f'''

def verifier_fonction(f, cas, question):
    """Vérifie une fonction écrite par l'élève sur des cas (arguments, valeur attendue)."""
    try:
        valeurs = [f(*args) for args, _ in cas]
    except TypeError:
        valeurs = [...]
    if any(v is ... or v is None for v in valeurs):
        print(f"❓ {{question}} : réponse absente ; la suite utilise les valeurs de senet-sim.")
        return False
    if all(proche(v, attendu) for v, (_, attendu) in zip(valeurs, cas)):
        print(f"✅ {{question}} : juste.")
        return True
    print(f"❌ {{question}} : à revoir ; la suite utilise les valeurs de senet-sim.")
    return False


def entre(bas, x, haut):
    """« dedans » ou « dehors » selon que x est dans [bas ; haut] (« … » sans réponse)."""
    if not (isinstance(bas, Number) and isinstance(haut, Number)):
        return "… (à compléter)"
    return "dedans" if bas <= x <= haut else "dehors"


def montrer(tableau):
    """Le tableau à l'écran, ses titres de colonnes (déjà en français) avec des espaces."""
    return tableau.rename(columns=lambda c: c.replace("_", " "))


# Les tableaux et les axes des graphiques en virgules décimales.
pd.options.display.float_format = lambda x: fr(x, 4)
virgules = FuncFormatter(lambda x, _: fr(x, 4).rstrip("0").rstrip(","))


def axes_francais(ax, entiers=True):
    """Un graphique comme ceux de senet-sim : virgules décimales sur l'axe des y, graduations
    entières sur un axe qui compte (issues, lancers, tours)."""
    ax.yaxis.set_major_formatter(virgules)
    if entiers:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))'''


ANSWER = re.compile(r"^(\s*)(return |[\w, ]+ = )(.*?)\s*# (?:À compléter )?\(réponse\)$")


def blank(m):
    """`...` for one value; `..., ...` for as many names as the line assigns."""
    names = m.group(2).rstrip(" =").split(",") if m.group(2) != "return " else [""]
    return f"{m.group(1)}{m.group(2)}{', '.join(['...'] * len(names))}  # À compléter"


def pupils(source):
    """The pupils' version of a code cell: each answer line marked `# (réponse)` becomes `...`."""
    return "\n".join(ANSWER.sub(blank, line) for line in source.split("\n"))


def write(path, cells):
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [new_markdown_cell(c[1]) if c[0] == "md" else new_code_cell(c[1]) for c in cells]
    # Stable cell ids: writing the notebooks again gives the same files.
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{path.stem[:20]}-{i}"[:64]
    nbformat.validate(nb)
    path.parent.mkdir(exist_ok=True)
    nbformat.write(nb, path)


# A pupil's written answer goes in a cell of its own; the teacher's version holds the model answer.
PUPIL_ANSWER = "**Votre réponse :** *(écrire ici, en une ou deux phrases)*"
LEVEL_UP = """---

## Pour aller plus loin (seconde, terminale)

Cette partie utilise des notions du lycée ; elle n'est pas nécessaire pour répondre à la question de la
leçon."""


def notebook(name, cells):
    for kind, text in cells:
        for line in text.split("\n"):
            assert kind != "code" or "(réponse)" not in line or ANSWER.match(line), line
    # The helper cell, announced: run it as it is.
    at = next(i for i, (k, t) in enumerate(cells) if k == "code" and t.startswith(AS_IS))
    cells = cells[:at] + [("md", RUN_AS_IS)] + cells[at:]

    def for_pupils(kind, text):
        if kind == "answer":
            return ("md", PUPIL_ANSWER)
        return (kind, pupils(text) if kind == "code" else text)

    def for_teacher(kind, text):
        if kind == "answer":
            return ("md", f"**Réponse attendue (corrigé) :** {text}")
        return (kind, text)

    write(HERE / name, [for_pupils(k, t) for k, t in cells])
    title, rest = cells[0][1].split("\n", 1)
    teacher = [("md", f"{title} (corrigé pour le professeur)\n{rest}")] + cells[1:]
    write(HERE / "corrige" / name, [for_teacher(k, t) for k, t in teacher])


notebook("1-batonnets-ou-pieces.ipynb", [
    ("md", """# Leçon 1 — Quatre bâtonnets, est-ce comme quatre pièces ?

Au senet, on lance quatre bâtonnets : une face plate (marquée), une face bombée. On compte les faces
plates tournées vers le haut : 1, 2, 3 ou 4 faces plates donnent l'issue 1, 2, 3 ou 4, et **aucune
face plate donne l'issue 6**. Il y a donc cinq issues : 1, 2, 3, 4 et 6.

**Question :** les cinq issues sont-elles équiprobables ? Les bâtonnets se comportent-ils comme quatre
pièces de monnaie ?

Les données : les lancers de la classe (`class_throws.csv`), puis 20 000 parties simulées par
`senet-sim run scenarios/lesson/1-sticks-or-coins.toml` pour chaque objet de lancer (pièces, bâtonnets
qui tombent sur la face plate 40 %, 50 %, 60 % ou 70 % du temps)."""),
    ("code", load("lecon-1-batonnets") + CLASSE.rstrip()),
    ("md", """## 1. Les lancers de la classe

`class_throws.csv` donne, pour chaque issue (`valeur`), l'effectif de la classe (`effectif_classe`) : le
nombre de fois où la classe l'a obtenue, tous les groupes réunis."""),
    ("code", """classe = lancers_de_la_classe()
montrer(classe[["valeur", "effectif_classe"]])"""),
    ("md", """**À compléter :** le nombre total de lancers de la classe (la somme des effectifs), puis la
fréquence de l'issue 2 (effectif de l'issue 2 divisé par le nombre total de lancers).

*Aide :* `classe["effectif_classe"].sum()` fait la somme d'une colonne ; `effectif_2` est déjà écrit."""),
    ("code", """effectif_2 = classe[classe["valeur"] == 2]["effectif_classe"].iloc[0]
total = classe["effectif_classe"].sum()  # (réponse)
total = verifier(total, classe["effectif_classe"].sum(), "nombre total de lancers")
frequence_2 = effectif_2 / total  # (réponse)
frequence_2 = verifier(frequence_2, effectif_2 / total, "fréquence de l'issue 2")"""),
    ("md", """**À compléter :** si les cinq issues étaient équiprobables, quelle serait la probabilité de
chacune ?"""),
    ("code", """equiprobable = 1 / 5  # (réponse)
equiprobable = verifier(equiprobable, 1 / len(classe), "probabilité de chaque issue si elles étaient équiprobables")
classe["fréquence"] = classe["effectif_classe"] / classe["effectif_classe"].sum()
plt.figure(figsize=(9, 4))
plt.bar(classe["valeur"], classe["fréquence"], width=0.6, label="fréquence dans la classe")
plt.axhline(equiprobable, color="grey", linestyle="--", label="si les issues étaient équiprobables")
plt.xticks(classe["valeur"])
plt.xlabel("issue")
plt.ylabel("fréquence")
plt.ylim(0, None)  # l'axe part de 0
axes_francais(plt.gca(), entiers=False)
plt.legend()
plt.show()"""),
    ("md", """**Question :** d'après les lancers de la classe, les cinq issues sont-elles équiprobables ?"""),
    ("answer", """Non : si les cinq issues étaient équiprobables, chacune sortirait environ une fois sur cinq
(fréquence 0,2). Dans la classe, l'issue 2 ou l'issue 3 sort bien plus souvent (fréquence voisine de
0,35) et l'issue 6 bien moins souvent : avec plusieurs centaines de lancers, un tel écart ne vient
pas du hasard. Les fréquences dépendent des bâtonnets de la classe. Avec des bâtonnets équilibrés
comme des pièces, les issues 4 et 6 sortent chacune environ une fois sur 16 (0,063). Avec des
bâtonnets qui tombent sur la face plate environ 6 fois sur 10, comme souvent, l'issue 4 sort plus
souvent (environ 0,13) et l'issue 6 presque jamais (environ 0,03) : ce n'est pas une erreur de la
classe. Erreur fréquente : croire que cinq issues possibles sont forcément équiprobables."""),
    ("md", """## 2. Les lancers simulés

`throws.csv` donne, pour chaque objet de lancer (`configuration`) et chaque issue (`valeur`), l'effectif simulé
(`effectif`), la fréquence simulée (`fréquence`) et la probabilité exacte (`probabilité`)."""),
    ("code", """lancers = lire("throws.csv")
pieces = lancers[lancers["configuration"] == "pièces"]
montrer(pieces[["valeur", "effectif", "fréquence", "probabilité"]])"""),
    ("md", """**À compléter :** avec quatre pièces, il y a 16 façons équiprobables de tomber (2 × 2 × 2 × 2).
Exactement deux faces « face » : il y en a 6 (FFPP, FPFP, FPPF, PFFP, PFPF, PPFF). Quelle est la
probabilité de l'issue 2 ?"""),
    ("code", """p2 = 6 / 16  # (réponse)
p2 = verifier(p2, pieces[pieces["valeur"] == 2]["probabilité"].iloc[0], "probabilité de l'issue 2 avec des pièces")"""),
    ("md", """## 3. La stabilisation des fréquences

`first_throws.csv` contient les 10 000 premiers lancers simulés de chaque objet, dans l'ordre. On suit
la fréquence de l'issue 2 au fil des lancers : au début elle varie beaucoup, puis elle se stabilise."""),
    ("code", """premiers = lire("first_throws.csv")
serie = premiers[premiers["configuration"] == "pièces"]["valeur"].reset_index(drop=True)
frequence_cumulee = (serie == 2).cumsum() / (serie.index + 1)
plt.figure(figsize=(10, 4))
plt.plot(frequence_cumulee.index + 1, frequence_cumulee, label="fréquence de l'issue 2")
plt.axhline(p2, color="black", linestyle="--", label=f"probabilité {fr(p2, 4)}")
axes_francais(plt.gca(), entiers=False)
plt.xscale("log")
plt.ylim(0, 1)
plt.xlabel("nombre de lancers (échelle logarithmique)")
plt.ylabel("fréquence")
plt.legend()
plt.show()"""),
    ("md", """**À compléter :** lire sur le graphique la valeur vers laquelle la fréquence de l'issue 2 se
stabilise (deux chiffres après la virgule suffisent)."""),
    ("code", """lue = 0.38  # (réponse)
lue = verifier(lue, frequence_cumulee.iloc[-1], "valeur lue sur le graphique", ecart=0.02)"""),
    ("md", """## 4. Pièces ou bâtonnets ?

Pour chaque objet de lancer, les fréquences simulées (barres) et la probabilité d'issues équiprobables
(pointillés)."""),
    ("code", """fig, axes = plt.subplots(1, lancers["configuration"].nunique(), figsize=(16, 3.5), sharey=True)
for ax, (nom, groupe) in zip(axes, lancers.groupby("configuration", sort=False)):
    ax.bar(groupe["valeur"], groupe["fréquence"], width=0.6)
    ax.axhline(1 / 5, color="grey", linestyle="--")
    ax.set_title(nom)
    ax.set_xlabel("issue")
    ax.set_xticks(sorted(groupe["valeur"]))
    axes_francais(ax, entiers=False)
axes[0].set_ylabel("fréquence simulée")
plt.show()"""),
    ("md", """**Question :** quels bâtonnets se comportent comme les pièces ? Les bâtonnets de la classe
ressemblent-ils plutôt à des pièces ou à l'un des bâtonnets biaisés ?"""),
    ("answer", """Les bâtonnets qui tombent sur la face plate 50 % du temps donnent les mêmes fréquences que les
pièces (0,25 ; 0,375 ; 0,25 ; 0,0625 ; 0,0625). À 70 %, l'issue 3 devient la plus fréquente ; à
40 %, les issues 1 et 2. On compare ensuite le diagramme de la classe avec ces cinq diagrammes : les
bâtonnets de la classe ressemblent à celui dont les barres ont la même forme (à comparer avec la
conclusion du rapport, « Les lancers de la classe », qui nomme l'objet le plus proche). Une classe
trouve souvent des bâtonnets qui tombent sur la face plate environ 6 fois sur 10 : ils ressemblent
alors aux « bâtonnets 60 % », pas aux pièces. Le rapport l'estime : faces plates ÷ (4 × nombre de
lancers)."""),
    ("md", LEVEL_UP + """

### A. La loi binomiale

Avec quatre lancers indépendants de même probabilité $p$, le nombre $X$ de faces marquées suit la
loi binomiale $\\mathcal{B}(4\\,;\\,p)$ :
$$P(X = k) = \\binom{4}{k} p^k (1-p)^{4-k}.$$

**À compléter :** écrire la fonction `binomiale(k, p)` (la fonction `math.comb(4, k)` donne
$\\binom{4}{k}$)."""),
    ("code", """def binomiale(k, p):
    # À compléter : la probabilité d'obtenir k faces marquées sur 4
    return math.comb(4, k) * p**k * (1 - p) ** (4 - k)  # (réponse)

# L'issue 6 correspond à 0 face marquée.
def faces_marquees(valeur):
    return 0 if valeur == 6 else valeur

cas = [((faces_marquees(v), 0.5), t) for v, t in zip(pieces["valeur"], pieces["probabilité"])]
verifier_fonction(binomiale, cas, "binomiale(k ; 0,5) donne la loi des pièces")"""),
    ("md", """### B. Fluctuation d'échantillonnage

On découpe les 10 000 lancers en échantillons de taille $n$. Pour chaque échantillon, on calcule la
fréquence de l'issue 2. L'intervalle de fluctuation
$\\left[p - \\frac{1}{\\sqrt n}\\,;\\,p + \\frac{1}{\\sqrt n}\\right]$ contient la fréquence d'au moins
95 % des échantillons : on compte combien il en contient ici.

On peut changer la taille `n` des échantillons (par exemple 25, 100 ou 400)."""),
    ("code", """n = 100  # la taille des échantillons
nombre = len(serie) // n
frequences = [(serie[i * n:(i + 1) * n] == 2).mean() for i in range(nombre)]
bas, haut = p2 - 1 / math.sqrt(n), p2 + 1 / math.sqrt(n)
dedans = sum(bas <= f <= haut for f in frequences) / nombre
plt.figure(figsize=(10, 4))
plt.plot(range(1, nombre + 1), frequences, "o", markersize=3)
plt.axhline(bas, color="red")
plt.axhline(haut, color="red")
plt.axhline(p2, color="black", linestyle="--")
plt.ylim(0, 1)
plt.xlabel("numéro de l'échantillon")
plt.ylabel("fréquence de l'issue 2")
plt.title(f"{nombre} échantillons de taille {n}")
axes_francais(plt.gca())
plt.show()
print(f"{fr(100 * dedans, 1)} % des {nombre} échantillons sont dans l'intervalle "
      f"[{fr(bas, 3)} ; {fr(haut, 3)}]")"""),
    ("md", """**Conclusion :** rédiger en une phrase ce que la simulation et les lancers de la classe
montrent sur les bâtonnets."""),
    ("answer", """Les cinq issues ne sont pas équiprobables : l'issue 2 est la plus fréquente, les issues 4 et 6
les plus rares ; des bâtonnets qui tombent une fois sur deux sur la face plate se comportent
exactement comme quatre pièces, et plus on a de lancers, plus les fréquences se rapprochent des
probabilités."""),
])

notebook("2-qui-commence.ipynb", [
    ("md", """# Leçon 2 — Qui commence ?

Au début d'une partie, les deux joueurs lancent chacun leur tour ; le premier qui obtient un 1
commence. **Le joueur qui lance en premier a-t-il plus de chances de commencer ?**

Données : `senet-sim run scenarios/lesson/2-who-starts.toml` (50 000 parties par objet de lancer)."""),
    ("code", load("lecon-2-qui-commence")),
    ("md", """## 1. Obtenir un 1 avec quatre pièces

Avec quatre pièces, il y a 16 façons équiprobables de tomber. On obtient l'issue 1 quand exactement
une pièce montre « face » : FPPP, PFPP, PPFP, PPPF.

**À compléter :** la probabilité d'obtenir 1 en un lancer."""),
    ("code", """lancers = lire("throws.csv")
exacte_1 = lancers[(lancers["configuration"] == "pièces") & (lancers["valeur"] == 1)]["probabilité"].iloc[0]
p = 4 / 16  # (réponse)
p = verifier(p, exacte_1, "probabilité d'obtenir 1 avec quatre pièces")"""),
    ("md", """## 2. Ce que donne la simulation

`summary.csv` donne, pour chaque objet de lancer, le nombre de parties (`départages`) et le nombre de
fois où le premier lanceur a commencé (`départages_premier_lanceur`).

**À compléter :** la fréquence des parties où le premier lanceur a commencé, avec les pièces."""),
    ("code", """resume = lire("summary.csv")
pieces = resume[resume["configuration"] == "pièces"].iloc[0]
print("parties :", fr(pieces["départages"], 0), "; le premier lanceur a commencé :",
      fr(pieces["départages_premier_lanceur"], 0))
f = pieces["départages_premier_lanceur"] / pieces["départages"]  # (réponse)
f = verifier(f, pieces["fréquence_départages_premier_lanceur"], "fréquence des parties où le premier lanceur commence")"""),
    ("code", """tableau = resume[["configuration", "départages", "départages_premier_lanceur", "fréquence_départages_premier_lanceur"]]
plt.figure(figsize=(8, 4))
plt.bar(tableau["configuration"], tableau["fréquence_départages_premier_lanceur"], label="fréquence simulée")
plt.axhline(0.5, color="grey", linestyle=":", label="une chance sur deux")
plt.ylim(0, 1)  # l'axe part de 0
axes_francais(plt.gca(), entiers=False)
plt.ylabel("le premier lanceur commence")
plt.legend()
plt.show()
montrer(tableau)"""),
    ("md", """**Question :** lancer en premier est-il un avantage ? Avec quel objet de lancer cet avantage
est-il le plus grand ? le plus petit ?"""),
    ("answer", """Oui : avec les pièces, le premier lanceur commence dans environ 57 % des parties, plus qu'une
fois sur deux, car il a la première occasion d'obtenir 1. L'avantage est le plus grand quand l'issue 1
est la plus probable (bâtonnets 40 % : environ 60 %) et le plus petit quand elle est rare (bâtonnets
70 % : environ 52 %). Erreur fréquente : penser que l'ordre ne compte pas puisque chaque lancer est
« au hasard »."""),
    ("md", LEVEL_UP + """

### A. Le calcul exact : une série géométrique

Le premier lanceur obtient le premier 1 au 1er lancer, ou au 3e (les deux premiers ont échoué), ou au 5e…
$$P = p + (1-p)^2 p + (1-p)^4 p + \\dots = \\frac{p}{1-(1-p)^2} = \\frac{1}{2-p}.$$

**À compléter :** la fonction `premier_lanceur(p)`."""),
    ("code", """from fractions import Fraction

def premier_lanceur(p):
    # À compléter : la probabilité que le premier lanceur obtienne le premier 1
    return 1 / (2 - p)  # (réponse)

resultat = premier_lanceur(Fraction(1, 4))
print("Avec des pièces :", resultat if isinstance(resultat, Number) else "… (à compléter)")  # une fraction exacte
verifier_fonction(premier_lanceur,
                  [((q,), t) for q, t in zip(
                      [lancers[(lancers["configuration"] == a) & (lancers["valeur"] == 1)]["probabilité"].iloc[0] for a in resume["configuration"]],
                      resume["probabilité_départages_premier_lanceur"])],
                  "premier_lanceur(p) pour chaque objet de lancer")"""),
    ("md", """### B. Des bâtonnets biaisés

Avec des bâtonnets qui tombent sur la face marquée avec la probabilité $q$, obtenir 1 a la probabilité
$p = 4q(1-q)^3$ (loi binomiale). **À compléter :** calculer $p$ pour $q = 0,7$."""),
    ("code", """q = 0.7
p_70 = 4 * q * (1 - q) ** 3  # (réponse)
p_70 = verifier(p_70, lancers[(lancers["configuration"] == "bâtonnets 70 %") & (lancers["valeur"] == 1)]["probabilité"].iloc[0],
                "p pour des bâtonnets à 70 %")
ligne = resume[resume["configuration"] == "bâtonnets 70 %"].iloc[0]
print(f"bâtonnets 70 % : 1/(2-p) = {fr(1 / (2 - p_70))}, simulé {fr(ligne['fréquence_départages_premier_lanceur'])}")"""),
    ("md", """### C. Combien de lancers pour commencer ?

Le nombre de lancers qu'il faut pour obtenir le premier 1 suit la loi géométrique
$P(N = k) = (1-p)^{k-1}\\,p$. `throwoffs.csv` donne, pour chaque objet de lancer, combien de parties ont
commencé après $k$ lancers (`effectif`), la fréquence et la loi géométrique (`probabilité`)."""),
    ("code", """debuts = lire("throwoffs.csv")
pieces_debuts = debuts[(debuts["configuration"] == "pièces") & (debuts["lancers"] <= 16)]
plt.figure(figsize=(10, 4))
plt.bar(pieces_debuts["lancers"] - 0.2, pieces_debuts["fréquence"], width=0.4, label="fréquence")
plt.bar(pieces_debuts["lancers"] + 0.2, pieces_debuts["probabilité"], width=0.4, label="loi géométrique")
axes_francais(plt.gca())
plt.xlabel("nombre de lancers pour obtenir le premier 1 (pièces)")
plt.ylabel("fréquence / probabilité")
plt.legend()
plt.show()
tous = debuts[debuts["configuration"] == "pièces"]
moyenne = (tous["lancers"] * tous["effectif"]).sum() / tous["effectif"].sum()
print(f"en moyenne {fr(moyenne, 2)} lancers ; espérance 1/p = {fr(4, 2)}")"""),
    ("md", """**Conclusion :** lancer en premier est-il un avantage ? Quand l'issue 1 devient rare, que devient cet avantage ?"""),
    ("answer", """Lancer en premier donne un avantage (4/7 ≈ 0,571 avec des pièces). Plus l'issue 1 est rare,
plus il faut de lancers pour l'obtenir et plus l'avantage du premier lanceur se réduit : 1/(2 − p) se
rapproche de 1/2 quand p se rapproche de 0."""),
])

notebook("3-duree-d-une-partie.ipynb", [
    ("md", """# Leçon 3 — Combien de temps dure une partie ? Combien de lancers pour sortir ?

Dans la règle de Tejón, un pion sur la case 28 ne sort qu'avec un 3, sur la case 29 qu'avec un 2,
sur la case 30 qu'avec un 1. **Combien de lancers faut-il attendre ? Combien de temps dure une partie ?**

Données : `senet-sim run scenarios/lesson/3-game-length.toml` (100 000 parties)."""),
    ("code", load("lecon-3-duree")),
    ("md", """## 1. Attendre un 3

`waits.csv` donne, pour chaque issue, combien de fois il a fallu 1, 2, 3… lancers pour l'obtenir
(`effectif`), parmi les 10 000 premiers lancers de la simulation."""),
    ("code", """attentes = lire("waits.csv")
trois = attentes[attentes["valeur"] == 3]
montrer(trois[["lancers", "effectif", "fréquence"]].head(10))"""),
    ("code", """k = trois["lancers"][trois["lancers"] <= 20]
plt.figure(figsize=(10, 4))
plt.bar(k, trois["fréquence"][: len(k)], width=0.6)
plt.xlabel("nombre de lancers pour obtenir un 3")
plt.ylabel("fréquence")
axes_francais(plt.gca())
plt.show()"""),
    ("md", """**À compléter :** la fréquence des fois où le 3 est venu dès le premier lancer (lire la
première ligne du tableau : effectif divisé par le total des effectifs)."""),
    ("code", """premier = trois["effectif"].iloc[0] / trois["effectif"].sum()  # (réponse)
premier = verifier(premier, trois["fréquence"].iloc[0], "fréquence d'un 3 dès le premier lancer")"""),
    ("md", """## 2. Le nombre moyen de lancers

**À compléter :** la moyenne du nombre de lancers qu'il faut attendre pour obtenir un 3. Avec un
tableau d'effectifs, la moyenne est la somme des valeurs × effectifs divisée par l'effectif total.

*Aide pandas :* `trois["lancers"] * trois["effectif"]` multiplie deux colonnes ligne par ligne, et
`.sum()` fait la somme d'une colonne."""),
    ("code", """moyenne = (trois["lancers"] * trois["effectif"]).sum() / trois["effectif"].sum()  # (réponse)
moyenne = verifier(moyenne, (trois["lancers"] * trois["effectif"]).sum() / trois["effectif"].sum(),
                   "nombre moyen de lancers pour obtenir un 3")"""),
    ("code", """for valeur, case in [(3, 28), (2, 29), (1, 30)]:
    lignes = attentes[attentes["valeur"] == valeur]
    m = (lignes["lancers"] * lignes["effectif"]).sum() / lignes["effectif"].sum()
    print(f"case {case} (il faut un {valeur}) : en moyenne {fr(m, 2)} lancers")"""),
    ("md", """**Question :** de quelle case est-il le plus long de sortir ? Pourquoi ?"""),
    ("answer", """Des cases 28 et 30 : il faut un 3 ou un 1, que quatre pièces donnent chacun de 4 façons sur
16, et on attend en moyenne 4 lancers. De la case 29, il faut un 2, qui vient de 6 façons sur 16 :
moins de 3 lancers en moyenne. Plus une issue est rare, plus il faut l'attendre longtemps. Erreur
fréquente : penser que la case 30, la dernière, est la plus facile à quitter."""),
    ("md", """## 3. La durée d'une partie

On compte la durée en **tours** : un tour, ce sont les lancers d'un joueur jusqu'à ce que la main
passe à l'autre (un 1, un 4 ou un 6 fait relancer le même joueur, dans le même tour).

`lengths.csv` donne le nombre de parties terminées en chaque nombre de tours ; `summary.csv` la moyenne
et la médiane. Les joueurs jouent chacun leur tour : le camp qui commence ne peut finir que sur un tour
impair, l'autre sur un tour pair. Tour par tour, le diagramme alternerait donc hautes et basses barres
(un « peigne ») ; on regroupe les tours deux par deux."""),
    ("code", """durees = lire("lengths.csv")
resume = lire("summary.csv").iloc[0]
# Deux tours par barre : 1-2, 3-4, 5-6...
paires = durees.groupby((durees["tours"] + 1) // 2 * 2)["parties"].sum()
plt.figure(figsize=(10, 4))
plt.bar(paires.index - 0.5, paires / paires.sum(), width=2)
plt.axvline(resume["durée_moyenne_tours"], color="black", linestyle="--", label="moyenne")
plt.axvline(resume["médiane_tours"], color="red", label="médiane")
plt.xlabel("nombre de tours (barres de 2 tours)")
plt.ylabel("fréquence")
axes_francais(plt.gca())
debut = durees["tours"][durees["parties"] > 0].min()
plt.xlim(max(0, debut - 10), None)  # l'axe des tours commence près de la partie la plus courte
plt.legend()
plt.show()
print(f"moyenne {fr(resume['durée_moyenne_tours'], 1)} tours, médiane {resume['médiane_tours']} tours")"""),
    ("md", """**À compléter :** la durée moyenne d'une partie en tours, calculée avec `lengths.csv` (colonnes
`tours` et `parties`)."""),
    ("code", """duree_moyenne = (durees["tours"] * durees["parties"]).sum() / durees["parties"].sum()  # (réponse)
duree_moyenne = verifier(duree_moyenne, resume["durée_moyenne_tours"], "durée moyenne d'une partie (tours)")"""),
    ("md", """**Question :** pourquoi la moyenne est-elle plus grande que la médiane ?"""),
    ("answer", """Quelques parties sont très longues (la barre de droite du diagramme s'étire loin) : elles
augmentent beaucoup la moyenne, mais pas la médiane, qui ne dépend que du rang de la partie du milieu.
La moitié des parties durent moins que la médiane ; la moyenne est tirée vers le haut par les parties
longues."""),
    ("md", LEVEL_UP + """

### A. La loi géométrique

On lance jusqu'à obtenir un 3 (probabilité $p = \\frac{4}{16}$ avec quatre pièces). Le nombre $N$ de
lancers suit la loi géométrique : $P(N = k) = (1-p)^{k-1}\\,p$, d'espérance $E(N) = \\frac1p$."""),
    ("code", """def geometrique(k, p):
    # À compléter : P(N = k)
    return (1 - p) ** (k - 1) * p  # (réponse)

p = 4 / 16
verifier_fonction(geometrique, [((k, p), t) for k, t in zip(trois["lancers"], trois["probabilité"])],
                  "geometrique(k ; 1/4) donne la loi du simulateur")
plt.figure(figsize=(10, 4))
plt.bar(k - 0.2, trois["fréquence"][: len(k)], width=0.4, label="fréquence")
plt.bar(k + 0.2, trois["probabilité"][: len(k)], width=0.4, label="loi géométrique")
plt.xlabel("nombre de lancers pour obtenir un 3")
plt.ylabel("fréquence / probabilité")
axes_francais(plt.gca())
plt.legend()
plt.show()
for valeur, case in [(3, 28), (2, 29), (1, 30)]:
    lignes = attentes[attentes["valeur"] == valeur]
    m = (lignes["lancers"] * lignes["effectif"]).sum() / lignes["effectif"].sum()
    q = lignes["probabilité"].iloc[0]  # P(N = 1) = p
    print(f"case {case} : moyenne observée {fr(m, 2)}, espérance 1/p = {fr(1 / q, 2)}")"""),
])

notebook("4-hasard-ou-strategie.ipynb", [
    ("md", """# Leçon 4 — Le senet, seulement du hasard ?

Si le senet n'était que du hasard, deux joueurs gagneraient chacun une partie sur deux, quelle que
soit leur façon de jouer. On fait jouer des façons de jouer (des stratégies) les unes contre les
autres : « au hasard », « le plus en arrière » (toujours le pion le plus en arrière), « heuristique »
(des règles de bon sens) et « regarde 1 lancer plus loin » (essaie chaque coup et regarde un lancer
plus loin).

Données : `senet-sim run scenarios/lesson/4-luck-or-skill.toml`."""),
    ("code", load("lecon-4-hasard-ou-strategie")),
    ("code", """tournoi = lire("tournament.csv")
montrer(tournoi[["stratégie_blancs", "stratégie_noirs", "parties_paire", "victoires_paire", "fréquence_victoires_paire"]])"""),
    ("md", """## 1. Les fréquences de victoire

Chaque ligne : la stratégie de la colonne `stratégie_blancs` contre celle de la colonne
`stratégie_noirs`, sur `parties_paire` parties (les places sont échangées à chaque partie) ;
`victoires_paire` est le nombre de victoires de la première.

**À compléter :** la fréquence de victoire de « heuristique » contre « au hasard »."""),
    ("code", """ligne = tournoi[(tournoi["stratégie_blancs"] == "heuristique") & (tournoi["stratégie_noirs"] == "au hasard")].iloc[0]
f = ligne["victoires_paire"] / ligne["parties_paire"]  # (réponse)
f = verifier(f, ligne["fréquence_victoires_paire"], "fréquence de victoire de heuristique contre au hasard")"""),
    ("code", """matrice = tournoi.pivot(index="stratégie_blancs", columns="stratégie_noirs", values="fréquence_victoires_paire")
plt.figure(figsize=(6, 5))
plt.imshow(matrice, cmap="coolwarm_r", vmin=0, vmax=1)
plt.xticks(range(len(matrice.columns)), matrice.columns)
plt.yticks(range(len(matrice.index)), matrice.index)
for i in range(len(matrice.index)):
    for j in range(len(matrice.columns)):
        v = matrice.iloc[i, j]
        if v == v:  # pas la diagonale (NaN)
            plt.text(j, i, f"{100 * v:.0f} %", ha="center", va="center")
plt.colorbar(label="fréquence de victoire de la ligne")
plt.show()"""),
    ("md", """**Question :** si le senet n'était que du hasard, quelle fréquence de victoire attendrait-on
dans chaque case ? Est-ce ce qu'on observe ?"""),
    ("answer", """0,5 (50 %) partout. Ce n'est pas le cas : « heuristique » et « regarde 1 lancer plus loin » gagnent
nettement plus d'une partie sur deux contre « au hasard » et « le plus en arrière ». Sur des milliers de parties, un écart de plusieurs
points ne vient pas du hasard des lancers : la façon de jouer compte."""),
    ("md", """## 2. Hasard ou stratégie ?

On rejoue chaque partie avec les mêmes lancers en échangeant les joueurs. Si la même stratégie gagne
les deux parties, ce sont les joueurs qui ont décidé ; si la même couleur gagne les deux, ce sont les
lancers."""),
    ("code", """chance = lire("luck.csv")
montrer(chance[["stratégie_a", "stratégie_b", "paires", "part_décidée_par_les_joueurs", "part_décidée_par_les_lancers"]])"""),
    ("md", """**Question :** le senet est-il seulement un jeu de hasard ?"""),
    ("answer", """Non, mais le hasard y pèse beaucoup : même entre la meilleure stratégie et le jeu au hasard, une
bonne partie des paires de parties sont gagnées par la même couleur (les lancers ont décidé). La
stratégie décide d'une part des parties, d'autant plus que l'écart de niveau est grand."""),
    ("md", LEVEL_UP + """

### Un intervalle de confiance

**À compléter :** pour « heuristique » contre « au hasard », calculer l'intervalle de confiance au niveau 95 %
$\\left[f - \\frac{1}{\\sqrt n}\\,;\\,f + \\frac{1}{\\sqrt n}\\right]$ et dire s'il contient 0,5."""),
    ("code", """n = ligne["parties_paire"]
bas, haut = f - 1 / math.sqrt(n), f + 1 / math.sqrt(n)  # (réponse)
bas = verifier(bas, f - 1 / math.sqrt(n), "borne basse de l'intervalle")
haut = verifier(haut, f + 1 / math.sqrt(n), "borne haute de l'intervalle")
print(f"heuristique gagne {fr(100 * f, 1)} % de {fr(n, 0)} parties ; intervalle [{fr(bas, 3)} ; {fr(haut, 3)}] ;",
      "0,5 est", entre(bas, 0.5, haut))"""),
])

notebook("5-partie-resolue.ipynb", [
    ("md", """# Leçon 5 — Une partie résolue : la probabilité exacte à côté de la fréquence

Un jeu de hasard peut quand même avoir une *meilleure* façon de jouer. Avec deux pions par camp
(règle de Tejón, quatre pièces), le senet est assez petit pour que l'ordinateur calcule, pour
**chaque** position, la probabilité exacte de gagner quand les deux camps jouent au mieux.

Données : `senet-sim run scenarios/lesson/5-solved-game.toml` (20 000 parties au mieux, 20 000 au
hasard, et la partie résolue dans `exact/`)."""),
    ("code", load("lecon-5-partie-resolue")),
    ("md", """## 1. Une fin de partie, simulée

Il reste un pion à chacun : le pion blanc est sur la case 29, le pion noir sur la case 30, et les
blancs jouent. Un pion sur 29 ne sort qu'avec un 2, un pion sur 30 qu'avec un 1 ; un lancer qu'on ne
peut pas jouer passe la main. Le calcul (voir « Pour aller plus loin ») donne aux blancs la
probabilité exacte $\\frac{12}{17} \\approx 0,706$ de gagner.

On joue cette fin de partie 10 000 fois avec quatre pièces (le hasard de Python, avec une graine pour
retrouver les mêmes tirages)."""),
    ("code", """import random

def fin_de_partie(alea):
    while True:
        if sum(alea.randint(0, 1) for _ in range(4)) == 2:  # les blancs font 2 : ils sortent
            return "blancs"
        if sum(alea.randint(0, 1) for _ in range(4)) == 1:  # les noirs font 1 : ils sortent
            return "noirs"

alea = random.Random(2019)
n = 10_000
victoires = sum(fin_de_partie(alea) == "blancs" for _ in range(n))
print("victoires des blancs :", fr(victoires, 0), "sur", fr(n, 0))"""),
    ("md", """**À compléter :** la fréquence des victoires des blancs."""),
    ("code", """f = victoires / n  # (réponse)
f = verifier(f, victoires / n, "fréquence des victoires des blancs")
print(f"fréquence {fr(f)} ; probabilité exacte 12/17 ≈ {fr(12 / 17)}")"""),
    ("md", """## 2. Toute la partie, du départ

`solution.csv` (dans `exact/`) donne la probabilité exacte que le premier joueur gagne, les deux camps
jouant au mieux (`premier_joueur_au_mieux`) ou au hasard (`premier_joueur_au_hasard`). `summary.csv` donne les
fréquences observées dans les parties simulées (`fréquence_premier_joueur`)."""),
    ("code", """# exact/ du rapport (écrit par `senet-sim run`), ou les fichiers à côté du carnet (Capytale,
# Basthon), dans l'une ou l'autre écriture des nombres.
candidats_exact = [dossier / "exact", dossier, Path("../solved/tejon-2"), Path("../../solved/tejon-2")]
dossier_exact = next((d for d in candidats_exact if (d / "solution.csv").exists()), Path("."))
exact = lire("solution.csv", dossier_exact).iloc[0]
resume = lire("summary.csv")
resume["exacte"] = [exact["premier_joueur_au_mieux"], exact["premier_joueur_au_hasard"]]
montrer(resume[["configuration", "parties", "victoires_premier_joueur", "fréquence_premier_joueur", "exacte"]])"""),
    ("md", """**Question :** le premier joueur a-t-il un avantage ? Pourquoi la fréquence observée n'est-elle
jamais exactement la probabilité ?"""),
    ("answer", """Oui : le camp qui commence gagne avec la probabilité exacte d'environ 0,53 au mieux (0,55 au
hasard), un peu plus d'une chance sur deux. La fréquence observée sur 20 000 parties en est proche
mais pas égale : elle dépend de l'échantillon de parties tirées au hasard, et une autre simulation
donnerait une fréquence un peu différente ; plus il y a de parties, plus elle est proche."""),
    ("md", LEVEL_UP + """

### A. La fin de partie résolue à la main

Avec quatre pièces : $P(2) = \\frac{6}{16}$ et $P(1) = \\frac{4}{16}$. Les blancs gagnent à leur
$t$-ième tour si les deux camps ont échoué $t-1$ fois, puis si les blancs font 2 :
$$P = \\sum_{t \\geq 1} \\left(\\tfrac{10}{16} \\cdot \\tfrac{12}{16}\\right)^{t-1} \\cdot \\tfrac{6}{16}.$$

**À compléter :** calculer cette somme (une série géométrique) sous forme de fraction."""),
    ("code", """from fractions import Fraction

echec_blanc = Fraction(10, 16)
echec_noir = Fraction(12, 16)
reussite_blanc = Fraction(6, 16)
p_exacte = reussite_blanc / (1 - echec_blanc * echec_noir)  # (réponse)
p_exacte = verifier(p_exacte, Fraction(12, 17), "probabilité que les blancs gagnent (fraction)")
print("probabilité que les blancs gagnent :", p_exacte, "≈", fr(p_exacte))"""),
    ("md", """`senet-sim solve` trouve la même valeur (à $10^{-9}$ près) dans sa table : c'est l'un de ses tests.

### B. Des intervalles

**À compléter :** pour chaque ligne du tableau de la partie 2, l'intervalle
$\\left[f - \\frac{1}{\\sqrt n}\\,;\\,f + \\frac{1}{\\sqrt n}\\right]$ contient-il la probabilité exacte ?"""),
    ("code", """for _, ligne in resume.iterrows():
    f, n = ligne["fréquence_premier_joueur"], ligne["parties"]
    bas, haut = f - 1 / math.sqrt(n), f + 1 / math.sqrt(n)  # (réponse)
    bas = verifier(bas, f - 1 / math.sqrt(n), f"borne basse, {ligne['configuration']}")
    haut = verifier(haut, f + 1 / math.sqrt(n), f"borne haute, {ligne['configuration']}")
    print(f"{ligne['configuration']} : fréquence {fr(f)}, intervalle [{fr(bas)} ; {fr(haut)}], "
          f"probabilité exacte {fr(ligne['exacte'])} :", entre(bas, ligne["exacte"], haut))"""),
    ("md", """### C. Jouer au mieux, est-ce beaucoup mieux ?

`losses.csv` fait jouer chaque stratégie contre la stratégie optimale et mesure, à chaque décision,
la probabilité de gagner qu'elle abandonne (`perte_moyenne` : en moyenne par décision)."""),
    ("code", """pertes = lire("losses.csv", dossier_exact)
pertes["parties gagnées"] = pertes["victoires"] / pertes["parties"]
montrer(pertes[["stratégie", "décisions", "part_coups_moins_bons", "perte_moyenne", "parties gagnées"]])"""),
    ("md", """**Conclusion :** bien jouer change-t-il beaucoup les chances du premier joueur ?"""),
    ("answer", """Un peu : jouer au mieux plutôt qu'au hasard change la probabilité de gagner de quelques points
seulement, car le hasard des lancers décide de l'essentiel ; mais une stratégie perd à chaque décision
une petite part de ses chances, et ces pertes s'additionnent sur une partie."""),
])

print("notebooks written to", HERE)
