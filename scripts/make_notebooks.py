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
compléter viennent après."""


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


def lire(fichier):
    """Lit un fichier CSV de senet-sim, qu'il soit écrit avec des virgules (par défaut) ou
    pour un tableur français (--csv excel-fr : points-virgules et virgules décimales)."""
    chemin = dossier / fichier
    with open(chemin, encoding="utf-8-sig") as f:
        entete = f.readline()
    if ";" in entete:
        return pd.read_csv(chemin, sep=";", decimal=",", encoding="utf-8-sig")
    return pd.read_csv(chemin)


def fr(x, decimales=4):
    """Un nombre écrit à la française : virgule décimale, espace entre les milliers
    (« … » tant que la réponse n'est pas écrite)."""
    if not isinstance(x, Number):
        return "… (à compléter)"
    texte = f"{{float(x):,.{{decimales}}f}}"
    return texte.replace(",", "\u202f").replace(".", ",")


def proche(a, b):
    """Vrai quand a est un nombre égal à b (à 1e-9 près) ; faux pour une réponse absente."""
    return isinstance(a, Number) and abs(float(a) - float(b)) <= 1e-9


def reponse(valeur, donnee, question):
    """La réponse de l'élève quand elle est juste ; sinon la valeur donnée par senet-sim, en le
    disant : une question sans réponse (ou à revoir) ne bloque pas la suite du carnet."""
    if proche(valeur, donnee):
        return valeur
    print(f"« {{question}} » : réponse absente ou à revoir ; la suite utilise la valeur "
          f"{{fr(donnee)}} calculée par senet-sim.")
    return donnee


def entre(bas, x, haut):
    """« dedans » ou « dehors » selon que x est dans [bas ; haut] (« … » sans réponse)."""
    if not (isinstance(bas, Number) and isinstance(haut, Number)):
        return "… (à compléter)"
    return "dedans" if bas <= x <= haut else "dehors"


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


def notebook(name, cells):
    for kind, text in cells:
        for line in text.split("\n"):
            assert kind == "md" or "(réponse)" not in line or ANSWER.match(line), line
    # The helper cell, announced: run it as it is.
    at = next(i for i, (k, t) in enumerate(cells) if k == "code" and t.startswith(AS_IS))
    cells = cells[:at] + [("md", RUN_AS_IS)] + cells[at:]
    write(HERE / name, [(k, pupils(t) if k == "code" else t) for k, t in cells])
    title, rest = cells[0][1].split("\n", 1)
    teacher = [("md", f"{title} (corrigé pour le professeur)\n{rest}")] + cells[1:]
    write(HERE / "corrige" / name, teacher)


notebook("1-batonnets-ou-pieces.ipynb", [
    ("md", """# Leçon 1 — Quatre bâtonnets, est-ce comme quatre pièces ?

Au senet, on lance quatre bâtonnets semi-cylindriques : une face plate (marquée), une face bombée.
On compte les faces marquées : 1, 2, 3 ou 4 (et 0 face marquée vaut 6 dans cette règle).

**Question :** si chaque bâtonnet tombe sur sa face marquée avec une probabilité $p$, quelle est la
loi du nombre de faces marquées ? Est-ce la même chose qu'avec quatre pièces de monnaie ?

Les données viennent de `senet-sim run scenarios/lesson/1-sticks-or-coins.toml` : 20 000 parties
pour chaque dispositif (pièces, bâtonnets tombant sur la face marquée 40 %, 50 %, 60 %, 70 % du temps)."""),
    ("code", load("lecon-1-batonnets")),
    ("md", """## 1. Les effectifs et les fréquences

`throws.csv` donne, pour chaque dispositif (`arm`) et chaque issue (`value`), l'effectif (`count`),
la fréquence observée (`frequency`) et la probabilité exacte (`theory`)."""),
    ("code", """lancers = lire("throws.csv")
lancers[["arm", "value", "count", "frequency", "theory"]]"""),
    ("md", """## 2. La loi binomiale

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

pieces = lancers[lancers["arm"] == "pièces"].copy()
pieces["binomiale"] = [binomiale(faces_marquees(v), 0.5) for v in pieces["value"]]
pieces[["value", "frequency", "theory", "binomiale"]]"""),
    ("code", """# Vérification : la loi binomiale calculée est-elle celle du simulateur ?
egales = all(proche(a, b) for a, b in zip(pieces["binomiale"], pieces["theory"]))
print("La loi binomiale B(4 ; 0,5) donne les probabilités exactes :", "oui" if egales
      else "non, à revoir (la suite utilise les probabilités exactes de senet-sim)")"""),
    ("md", """## 3. Diagramme en bâtons : fréquences et probabilités

Pour chaque dispositif, les fréquences observées (à gauche) et les probabilités (à droite)."""),
    ("code", """fig, axes = plt.subplots(1, lancers["arm"].nunique(), figsize=(16, 3.5), sharey=True)
for ax, (nom, groupe) in zip(axes, lancers.groupby("arm", sort=False)):
    x = groupe["value"]
    ax.bar(x - 0.2, groupe["frequency"], width=0.4, label="fréquence")
    ax.bar(x + 0.2, groupe["theory"], width=0.4, label="probabilité")
    ax.set_title(nom)
    ax.set_xlabel("issue")
    ax.set_xticks(sorted(x))
    axes_francais(ax, entiers=False)
axes[0].set_ylabel("fréquence / probabilité")
axes[0].legend()
plt.show()"""),
    ("md", """**Question :** les bâtonnets à 50 % se comportent-ils comme les pièces ? Et ceux à 70 % ?

## 4. La loi des grands nombres

`first_throws.csv` contient les 10 000 premiers lancers de chaque dispositif, dans l'ordre. On suit
la fréquence de l'issue 2 au fil des lancers."""),
    ("code", """premiers = lire("first_throws.csv")
serie = premiers[premiers["arm"] == "pièces"]["value"].reset_index(drop=True)
frequence_cumulee = (serie == 2).cumsum() / (serie.index + 1)
p2 = reponse(binomiale(2, 0.5), pieces[pieces["value"] == 2]["theory"].iloc[0], "binomiale(2 ; 0,5)")
plt.figure(figsize=(10, 4))
plt.plot(frequence_cumulee.index + 1, frequence_cumulee, label="fréquence de l'issue 2")
plt.axhline(p2, color="black", linestyle="--", label=f"probabilité {fr(p2, 4)}")
axes_francais(plt.gca(), entiers=False)
plt.xscale("log")
plt.xlabel("nombre de lancers")
plt.ylabel("fréquence")
plt.legend()
plt.show()
print("Fréquence après", fr(len(serie), 0), "lancers :", fr(frequence_cumulee.iloc[-1], 4))"""),
    ("md", """## 5. Fluctuation d'échantillonnage

On découpe les 10 000 lancers en échantillons de taille $n$. Pour chaque échantillon, on calcule la
fréquence de l'issue 2. L'intervalle de fluctuation
$\\left[p - \\frac{1}{\\sqrt n}\\,;\\,p + \\frac{1}{\\sqrt n}\\right]$ contient la fréquence d'environ
95 % des échantillons, souvent davantage : on compte combien il en contient ici.

**À compléter :** choisir une taille d'échantillon `n` (par exemple 25, 100 ou 400)."""),
    ("code", """n = 100  # À compléter : la taille des échantillons
nombre = len(serie) // n
frequences = [(serie[i * n:(i + 1) * n] == 2).mean() for i in range(nombre)]
bas, haut = p2 - 1 / math.sqrt(n), p2 + 1 / math.sqrt(n)
dedans = sum(bas <= f <= haut for f in frequences) / nombre
plt.figure(figsize=(10, 4))
plt.plot(range(1, nombre + 1), frequences, "o", markersize=3)
plt.axhline(bas, color="red")
plt.axhline(haut, color="red")
plt.axhline(p2, color="black", linestyle="--")
plt.xlabel("numéro de l'échantillon")
plt.ylabel("fréquence de l'issue 2")
plt.title(f"{nombre} échantillons de taille {n}")
axes_francais(plt.gca())
plt.show()
print(f"{fr(100 * dedans, 1)} % des {nombre} échantillons sont dans l'intervalle "
      f"[{fr(bas, 3)} ; {fr(haut, 3)}]")"""),
    ("md", """**Conclusion :** rédiger en une phrase ce que la simulation montre sur les bâtonnets."""),
])

notebook("2-qui-commence.ipynb", [
    ("md", """# Leçon 2 — Qui commence ?

Au début d'une partie, les deux joueurs lancent chacun leur tour ; le premier qui obtient un 1
commence. **Le joueur qui lance en premier a-t-il plus de chances de commencer ?**

Données : `senet-sim run scenarios/lesson/2-who-starts.toml` (50 000 parties par dispositif)."""),
    ("code", load("lecon-2-qui-commence")),
    ("md", """## 1. Le calcul

Avec quatre pièces, la probabilité d'obtenir 1 (une seule face marquée) est $p = \\frac{4}{16} = \\frac14$.
Le premier lanceur obtient le premier 1 au 1er lancer, ou au 3e (les deux premiers ont échoué), ou au 5e…
$$P = p + (1-p)^2 p + (1-p)^4 p + \\dots = \\frac{p}{1-(1-p)^2} = \\frac{1}{2-p}.$$

**À compléter :** calculer cette probabilité pour $p = \\frac14$."""),
    ("code", """from fractions import Fraction

def premier_lanceur(p):
    # À compléter : la probabilité que le premier lanceur obtienne le premier 1
    return 1 / (2 - p)  # (réponse)

resultat = premier_lanceur(Fraction(1, 4))
print("Avec des pièces :", resultat if isinstance(resultat, Number) else "… (à compléter)")  # une fraction exacte"""),
    ("md", """## 2. La simulation

`summary.csv` donne, pour chaque dispositif, le nombre de parties (`throwoffs`), le nombre de fois
où le premier lanceur a commencé (`throwoff_first_thrower`), la fréquence et la probabilité exacte."""),
    ("code", """resume = lire("summary.csv")
tableau = resume[["arm", "throwoffs", "throwoff_first_thrower", "throwoff_first_thrower_rate", "throwoff_first_thrower_theory"]]
tableau"""),
    ("code", """pieces = resume[resume["arm"] == "pièces"].iloc[0]
f, n = pieces["throwoff_first_thrower_rate"], pieces["throwoffs"]
print(f"fréquence observée {fr(f)} ; probabilité 4/7 = {fr(4 / 7)}")
# Intervalle de fluctuation au seuil de 95 % : p ± 1/√n
bas, haut = 4 / 7 - 1 / math.sqrt(n), 4 / 7 + 1 / math.sqrt(n)
print(f"intervalle [{fr(bas)} ; {fr(haut)}] :", "la fréquence y est" if bas <= f <= haut else "la fréquence n'y est pas")"""),
    ("md", """## 3. Et avec des bâtonnets biaisés ?

Avec des bâtonnets qui tombent sur la face marquée avec la probabilité $q$, obtenir 1 a la probabilité
$p = 4q(1-q)^3$ (loi binomiale). **À compléter :** calculer $p$ puis $\\frac{1}{2-p}$ et comparer."""),
    ("code", """lancers = lire("throws.csv")
for nom, q in [("bâtonnets 40 %", 0.4), ("bâtonnets 70 %", 0.7)]:
    p = 4 * q * (1 - q) ** 3  # À compléter (réponse)
    ligne = resume[resume["arm"] == nom].iloc[0]
    un = lancers[(lancers["arm"] == nom) & (lancers["value"] == 1)]["theory"].iloc[0]
    p = reponse(p, un, f"p pour {nom}")
    calcul = reponse(premier_lanceur(p), ligne["throwoff_first_thrower_theory"], "premier_lanceur(p)")
    print(f"{nom} : p = {fr(p)}, 1/(2-p) = {fr(calcul)}, "
          f"simulé {fr(ligne['throwoff_first_thrower_rate'])}, "
          f"calculé par senet-sim {fr(ligne['throwoff_first_thrower_theory'])}")

plt.figure(figsize=(7, 4))
plt.bar(tableau["arm"], tableau["throwoff_first_thrower_rate"], label="fréquence")
plt.plot(tableau["arm"], tableau["throwoff_first_thrower_theory"], "ko", label="probabilité")
plt.axhline(0.5, color="grey", linestyle=":")
plt.ylim(0, 0.8)
axes_francais(plt.gca(), entiers=False)
plt.ylabel("le premier lanceur commence")
plt.legend()
plt.show()"""),
    ("md", """## 4. Combien de lancers pour commencer ?

Le nombre de lancers qu'il faut pour obtenir le premier 1 suit la loi géométrique
$P(N = k) = (1-p)^{k-1}\\,p$. `throwoffs.csv` donne, pour chaque dispositif, combien de parties ont
commencé après $k$ lancers (`count`), la fréquence et la loi géométrique (`theory`)."""),
    ("code", """debuts = lire("throwoffs.csv")
pieces = debuts[(debuts["arm"] == "pièces") & (debuts["throws"] <= 16)]
plt.figure(figsize=(10, 4))
plt.bar(pieces["throws"] - 0.2, pieces["frequency"], width=0.4, label="fréquence")
plt.bar(pieces["throws"] + 0.2, pieces["theory"], width=0.4, label="loi géométrique")
axes_francais(plt.gca())
plt.xlabel("nombre de lancers pour obtenir le premier 1 (pièces)")
plt.ylabel("fréquence / probabilité")
plt.legend()
plt.show()
tous = debuts[debuts["arm"] == "pièces"]
moyenne = (tous["throws"] * tous["count"]).sum() / tous["count"].sum()
print(f"en moyenne {fr(moyenne, 2)} lancers ; espérance 1/p = {fr(4, 2)}")"""),
    ("md", """**Conclusion :** lancer en premier est-il un avantage ? Quand l'issue 1 devient rare, que devient cet avantage ?"""),
])

notebook("3-duree-d-une-partie.ipynb", [
    ("md", """# Leçon 3 — Combien de temps dure une partie ? Combien de lancers pour sortir ?

Dans la règle de Tejón, un pion sur la case 28 ne sort qu'avec un 3, sur la case 29 qu'avec un 2,
sur la case 30 qu'avec un 1. **Combien de lancers faut-il attendre ?**

Données : `senet-sim run scenarios/lesson/3-game-length.toml` (100 000 parties)."""),
    ("code", load("lecon-3-duree")),
    ("md", """## 1. Attendre un 3 : une loi géométrique

On lance jusqu'à obtenir un 3 (probabilité $p = \\frac{4}{16}$ avec quatre pièces). Le nombre $N$ de
lancers suit la loi géométrique : $P(N = k) = (1-p)^{k-1}\\,p$, d'espérance $E(N) = \\frac1p$.

`waits.csv` donne, pour chaque issue, combien de fois il a fallu $k$ lancers pour l'obtenir, parmi les
10 000 premiers lancers de la simulation."""),
    ("code", """attentes = lire("waits.csv")
trois = attentes[attentes["value"] == 3]
trois.head(10)"""),
    ("code", """def geometrique(k, p):
    # À compléter : P(N = k)
    return (1 - p) ** (k - 1) * p  # (réponse)

p = 4 / 16
trois = trois.assign(calcul=[geometrique(k, p) for k in trois["throws"]])
egales = all(proche(a, b) for a, b in zip(trois["calcul"], trois["theory"]))
print("Le calcul donne la loi du simulateur :", "oui" if egales
      else "non, à revoir (le graphique utilise la loi de senet-sim)")
k = trois["throws"][trois["throws"] <= 20]
plt.figure(figsize=(10, 4))
plt.bar(k - 0.2, trois["frequency"][: len(k)], width=0.4, label="fréquence")
plt.bar(k + 0.2, trois["theory"][: len(k)], width=0.4, label="loi géométrique")
plt.xlabel("nombre de lancers pour obtenir un 3")
plt.ylabel("fréquence / probabilité")
axes_francais(plt.gca())
plt.legend()
plt.show()"""),
    ("md", """Les trois cases côte à côte, sur une même échelle : un 3 pour sortir de 28, un 2 pour 29,
un 1 pour 30."""),
    ("code", """fig, axes = plt.subplots(1, 3, figsize=(16, 3.5), sharey=True)
for ax, (valeur, case) in zip(axes, [(3, 28), (2, 29), (1, 30)]):
    lignes = attentes[(attentes["value"] == valeur) & (attentes["throws"] <= 16)]
    ax.bar(lignes["throws"] - 0.2, lignes["frequency"], width=0.4, label="fréquence")
    ax.bar(lignes["throws"] + 0.2, lignes["theory"], width=0.4, label="loi géométrique")
    ax.set_title(f"case {case} : il faut un {valeur}")
    ax.set_xlabel("nombre de lancers")
    axes_francais(ax)
axes[0].set_ylabel("fréquence / probabilité")
axes[0].legend()
plt.show()"""),
    ("md", """## 2. L'espérance

**À compléter :** calculer la moyenne observée du nombre de lancers et la comparer à $\\frac1p$.

*Aide pandas :* `lignes["throws"] * lignes["count"]` multiplie deux colonnes ligne par ligne, et
`.sum()` fait la somme d'une colonne. Avec un tableau d'effectifs, la moyenne est la somme des
valeurs × effectifs divisée par l'effectif total."""),
    ("code", """for valeur, case in [(3, 28), (2, 29), (1, 30)]:
    lignes = attentes[attentes["value"] == valeur]
    moyenne = (lignes["throws"] * lignes["count"]).sum() / lignes["count"].sum()  # (réponse)
    p = lignes["theory"].iloc[0]  # P(N = 1) = p
    print(f"case {case} (il faut un {valeur}) : moyenne observée {fr(moyenne, 2)}, espérance 1/p = {fr(1 / p, 2)}")"""),
    ("md", """## 3. La durée d'une partie

On compte la durée en **tours** : un tour, ce sont les lancers d'un joueur jusqu'à ce que la main
passe à l'autre (un 1, un 4 ou un 6 fait relancer le même joueur, dans le même tour).

`lengths.csv` donne le nombre de parties terminées en chaque nombre de tours ; `summary.csv` la moyenne,
l'écart type, la médiane et les quartiles. Les joueurs jouent chacun leur tour : le camp qui
commence ne peut finir que sur un tour impair, l'autre sur un tour pair. Tour par tour, le
diagramme alternerait donc hautes et basses barres (un « peigne ») ; on regroupe les tours deux par
deux."""),
    ("code", """durees = lire("lengths.csv")
resume = lire("summary.csv").iloc[0]
# Deux tours par barre : 1-2, 3-4, 5-6...
paires = durees.groupby((durees["turns"] + 1) // 2 * 2)["games"].sum()
plt.figure(figsize=(10, 4))
plt.bar(paires.index - 0.5, paires / paires.sum(), width=2)
plt.axvline(resume["mean_turns"], color="black", linestyle="--", label="moyenne")
plt.axvline(resume["median_turns"], color="red", label="médiane")
plt.xlabel("nombre de tours (barres de 2 tours)")
plt.ylabel("fréquence")
axes_francais(plt.gca())
debut = durees["turns"][durees["games"] > 0].min()
plt.xlim(max(0, debut - 10), None)  # l'axe commence près de la partie la plus courte
plt.legend()
plt.show()
print(f"moyenne {fr(resume['mean_turns'], 1)} tours, écart type {fr(resume['sd_turns'], 1)}, "
      f"médiane {resume['median_turns']}, quartiles {resume['q1_turns']} et {resume['q3_turns']}")"""),
    ("md", """**Question :** pourquoi la moyenne est-elle plus grande que la médiane ?"""),
])

notebook("4-hasard-ou-strategie.ipynb", [
    ("md", """# Leçon 4 — Le senet, seulement du hasard ?

Si le senet n'était que du hasard, deux joueurs gagneraient chacun une partie sur deux, quelle que
soit leur façon de jouer. On fait jouer des stratégies les unes contre les autres :
`random` (au hasard), `back` (toujours le pion le plus en arrière), `heuristic` (des règles de bon sens)
et `expectimax:1` (calcule l'espérance du lancer suivant).

Données : `senet-sim run scenarios/lesson/4-luck-or-skill.toml`."""),
    ("code", load("lecon-4-hasard-ou-strategie")),
    ("code", """tournoi = lire("tournament.csv")
tournoi[["white", "black", "games", "white_wins", "black_wins", "row_win_rate", "row_low95", "row_high95"]]"""),
    ("md", """## 1. Le tableau des victoires

Chaque case : la fréquence de victoire de la stratégie de la ligne contre celle de la colonne
(les places sont échangées à chaque partie)."""),
    ("code", """matrice = tournoi.pivot(index="white", columns="black", values="row_win_rate")
plt.figure(figsize=(6, 5))
plt.imshow(matrice, cmap="coolwarm_r", vmin=0, vmax=1)
plt.xticks(range(len(matrice.columns)), matrice.columns)
plt.yticks(range(len(matrice.index)), matrice.index)
for i in range(len(matrice.index)):
    for j in range(len(matrice.columns)):
        v = matrice.iloc[i, j]
        if v == v:  # pas la diagonale (NaN)
            plt.text(j, i, f"{100 * v:.0f} %", ha="center", va="center")
plt.colorbar(label="fréquence de victoire")
plt.show()"""),
    ("md", """## 2. Un intervalle de confiance

**À compléter :** pour `heuristic` contre `random`, calculer l'intervalle de confiance au niveau 95 %
$\\left[f - \\frac{1}{\\sqrt n}\\,;\\,f + \\frac{1}{\\sqrt n}\\right]$ et dire s'il contient 0,5."""),
    ("code", """ligne = tournoi[(tournoi["white"] == "heuristic") & (tournoi["black"] == "random")].iloc[0]
f, n = ligne["row_win_rate"], ligne["row_games"]
bas, haut = f - 1 / math.sqrt(n), f + 1 / math.sqrt(n)  # (réponse)
print(f"heuristic gagne {fr(100 * f, 1)} % de {fr(n, 0)} parties ; intervalle [{fr(bas, 3)} ; {fr(haut, 3)}]")
"""),
    ("md", """## 3. Hasard ou stratégie ?

On rejoue chaque partie avec les mêmes lancers en échangeant les joueurs. Si la même stratégie gagne
les deux parties, ce sont les joueurs qui ont décidé ; si la même couleur gagne les deux, ce sont les lancers."""),
    ("code", """chance = lire("luck.csv")
chance[["strategy_a", "strategy_b", "duplicate_pairs", "share_by_strategies", "share_by_throws"]]"""),
    ("md", """**Conclusion :** le senet est-il seulement un jeu de hasard ? Justifier avec les intervalles."""),
])

notebook("5-partie-resolue.ipynb", [
    ("md", """# Leçon 5 — Une partie résolue : la probabilité exacte à côté de la fréquence

Un jeu de hasard peut quand même avoir une *meilleure* façon de jouer. Avec deux pions par camp
(règle de Tejón, quatre pièces), le senet est assez petit pour que l'ordinateur calcule, pour
**chaque** position, la probabilité exacte de gagner quand les deux camps jouent au mieux.

Données : `senet-sim run scenarios/lesson/5-solved-game.toml` (20 000 parties au mieux, 20 000 au
hasard) et `senet-sim solve --variant tejon --pawns 2 --lang fr` (la partie résolue)."""),
    ("code", load("lecon-5-partie-resolue")),
    ("md", """## 1. Une position résolue à la main

Il reste un pion à chacun : le pion blanc est sur la case 29, le pion noir sur la case 30, et les
blancs jouent. Un pion sur 29 ne sort qu'avec un 2, un pion sur 30 qu'avec un 1 ; aucun autre lancer
ne peut être joué, et un lancer qu'on ne peut pas jouer passe la main.

Avec quatre pièces : $P(2) = \\frac{6}{16}$ et $P(1) = \\frac{4}{16}$. Les blancs gagnent à leur
$t$-ième tour si les deux camps ont échoué $t-1$ fois, puis si les blancs font 2 :
$$P = \\sum_{t \\geq 1} \\left(\\tfrac{10}{16} \\cdot \\tfrac{12}{16}\\right)^{t-1} \\cdot \\tfrac{6}{16}.$$

**À compléter :** calculer cette somme (une série géométrique) sous forme de fraction."""),
    ("code", """from fractions import Fraction

echec_blanc = Fraction(10, 16)
echec_noir = Fraction(12, 16)
reussite_blanc = Fraction(6, 16)
p_exacte = reussite_blanc / (1 - echec_blanc * echec_noir)  # (réponse)
print("probabilité que les blancs gagnent :", p_exacte if isinstance(p_exacte, Number) else "…", "≈", fr(p_exacte))"""),
    ("md", """`senet-sim solve` trouve la même valeur (à $10^{-9}$ près) dans sa table : c'est l'un de ses tests.

## 2. La même position, simulée

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
f = victoires / n
print(f"fréquence observée {fr(f)} ; probabilité exacte 12/17 = {fr(12 / 17)}")
bas, haut = 12 / 17 - 1 / math.sqrt(n), 12 / 17 + 1 / math.sqrt(n)
print(f"intervalle de fluctuation [{fr(bas)} ; {fr(haut)}] :",
      "la fréquence y est" if bas <= f <= haut else "la fréquence n'y est pas")"""),
    ("md", """## 3. Toute la partie, du départ

`solution.csv` (écrit par `senet-sim run` dans `exact/`, comme le fait `senet-sim solve`) donne la probabilité exacte que le premier joueur
gagne, les deux camps jouant au mieux (`first_mover_optimal`) ou au hasard (`first_mover_random`).
`summary.csv` (écrit par `senet-sim run`) donne les fréquences observées (`first_mover_rate`)."""),
    ("code", """# exact/ du rapport (écrit par `senet-sim run`), ou les fichiers à côté du carnet (Capytale,
# Basthon : ceux de rfc4180/), ou `senet-sim solve` dans solved/.
candidats_exact = [dossier / "exact", dossier, Path("../solved/tejon-2"), Path("../../solved/tejon-2")]
dossier_exact = next((d for d in candidats_exact if (d / "solution.csv").exists()), Path("."))
with open(dossier_exact / "solution.csv", encoding="utf-8-sig") as fichier:
    separateur = ";" if ";" in fichier.readline() else ","
exact = pd.read_csv(dossier_exact / "solution.csv", sep=separateur,
                    decimal="," if separateur == ";" else ".", encoding="utf-8-sig").iloc[0]
resume = lire("summary.csv")
resume["exacte"] = [exact["first_mover_optimal"], exact["first_mover_random"]]
resume[["arm", "games", "first_mover_wins", "first_mover_rate", "exacte"]]"""),
    ("md", """**À compléter :** pour chaque ligne, calculer l'intervalle $\\left[f - \\frac{1}{\\sqrt n}\\,;\\,f + \\frac{1}{\\sqrt n}\\right]$
et dire s'il contient la probabilité exacte."""),
    ("code", """for _, ligne in resume.iterrows():
    f, n = ligne["first_mover_rate"], ligne["games"]
    bas, haut = f - 1 / math.sqrt(n), f + 1 / math.sqrt(n)  # (réponse)
    print(f"{ligne['arm']} : fréquence {fr(f)}, intervalle [{fr(bas)} ; {fr(haut)}], "
          f"probabilité exacte {fr(ligne['exacte'])} :", entre(bas, ligne["exacte"], haut))"""),
    ("md", """## 4. Jouer au mieux, est-ce beaucoup mieux ?

`losses.csv` fait jouer chaque stratégie contre la stratégie optimale et mesure, à chaque décision,
la probabilité de gagner qu'elle abandonne (`mean_loss` : en moyenne par décision)."""),
    ("code", """pertes = pd.read_csv(dossier_exact / "losses.csv", sep=separateur,
                     decimal="," if separateur == ";" else ".", encoding="utf-8-sig")
pertes["parties gagnées"] = pertes["wins"] / pertes["games"]
pertes[["strategy", "decisions", "worse_share", "mean_loss", "parties gagnées"]]"""),
    ("md", """**Conclusion :** le premier joueur a-t-il un avantage ? Bien jouer change-t-il beaucoup ses chances ?
Pourquoi la fréquence observée n'est-elle jamais exactement la probabilité ?"""),
])

print("notebooks written to", HERE)
