//! Every column of every CSV file of a report, in one table: its file, its header in every
//! language, its label in every language and what kind of text it holds. `write_csv` refuses a
//! header that is not here and writes a French report's headers and words in French,
//! `columns.csv` is built from it, and a test checks that every column written has a header and
//! a label in every language.

use crate::lang::Lang;

/// What a text column holds, for the words a French file writes in place of the program's ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Numbers, names a user gave (arms, groups) or ids kept as they are (variants, metrics).
    Plain,
    /// A side: `white`, `black`, `none` (« blancs », « noirs », « aucun »), or Ludii's player 1
    /// as a role: `first-thrower`, `first-mover`.
    Side,
    /// A throwing device: `coins`, `sticks(p=0.4)` (« pièces », « bâtonnets (p = 0,4) »).
    Device,
    /// A strategy's id: `random`, `expectimax:1` (« au hasard », « regarde 1 lancer plus loin »).
    Strategy,
    /// A move in words: `28 -> off (exit)` (« 28 -> dehors (sortie) »).
    Moves,
}

/// One column of a CSV file of the report.
#[derive(Clone, Copy, Debug)]
pub struct ColumnDef {
    /// The file (`summary.csv`).
    pub file: &'static str,
    /// The column's name in the program and in an English report (`white_wins`).
    pub name: &'static str,
    /// Its header in a French report (`victoires_blancs`).
    pub fr: &'static str,
    /// What it holds, in each language of `Lang::ALL`.
    pub labels: [&'static str; Lang::ALL.len()],
    /// What kind of text its cells hold.
    pub values: Values,
}

impl ColumnDef {
    /// Its label in `lang`.
    pub fn label(&self, lang: Lang) -> &'static str {
        self.labels[lang as usize]
    }

    /// Its header in a report in `lang`.
    pub fn header(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.name,
            Lang::Fr => self.fr,
        }
    }

    const fn holding(self, values: Values) -> ColumnDef {
        ColumnDef { values, ..self }
    }
    const fn side(self) -> ColumnDef {
        self.holding(Values::Side)
    }
    const fn device(self) -> ColumnDef {
        self.holding(Values::Device)
    }
    const fn strategy(self) -> ColumnDef {
        self.holding(Values::Strategy)
    }
    const fn moves(self) -> ColumnDef {
        self.holding(Values::Moves)
    }
}

const fn col(
    file: &'static str,
    name: &'static str,
    fr: &'static str,
    labels: [&'static str; Lang::ALL.len()],
) -> ColumnDef {
    ColumnDef {
        file,
        name,
        fr,
        labels,
        values: Values::Plain,
    }
}

/// The definition of column `name` of `file`, if there is one.
pub fn find(file: &str, name: &str) -> Option<&'static ColumnDef> {
    COLUMNS.iter().find(|c| c.file == file && c.name == name)
}

/// The definition of the column of `file` whose header is `header` in a report of any language
/// (`victoires_blancs` or `white_wins`), for a program that reads a report back.
pub fn by_header(file: &str, header: &str) -> Option<&'static ColumnDef> {
    COLUMNS
        .iter()
        .find(|c| c.file == file && Lang::ALL.iter().any(|&l| c.header(l) == header))
}

/// Every column, file by file, in the order of the files' headers.
#[rustfmt::skip]
pub const COLUMNS: &[ColumnDef] = &[
    col("solution.csv", "variant", "variante", ["rule variant solved", "variante résolue"]),
    col("solution.csv", "pawns", "pions", ["pawns a side", "pions par camp"]),
    col("solution.csv", "device", "objet_de_lancer", ["throwing device", "objet de lancer"]).device(),
    col("solution.csv", "positions", "positions", ["positions solved (side to move as \"me\")", "positions résolues (le camp qui joue vu comme « moi »)"]),
    col("solution.csv", "sweeps", "balayages", ["sweeps of value iteration", "balayages de l'itération sur les valeurs"]),
    col("solution.csv", "last_change", "dernier_changement", ["largest change of a value in the last sweep", "plus grand changement d'une valeur au dernier balayage"]),
    col("solution.csv", "first_mover_optimal", "premier_joueur_au_mieux", ["exact probability that the first mover wins, both playing optimally", "probabilité exacte que le premier joueur gagne, les deux jouant au mieux"]),
    col("solution.csv", "first_mover_random", "premier_joueur_au_hasard", ["exact probability that the first mover wins, both playing at random", "probabilité exacte que le premier joueur gagne, les deux jouant au hasard"]),
    col("solution.csv", "turns_optimal", "tours_au_mieux", ["exact expected turns of a game, both playing optimally (the strategy optimal), counted as a run counts them", "nombre exact de tours attendu d'une partie, les deux jouant au mieux (la stratégie optimal), compté comme une simulation les compte"]),
    col("solution.csv", "throws_optimal", "lancers_au_mieux", ["exact expected throws of a game, both playing optimally, a throw-off's throws included", "nombre exact de lancers attendu d'une partie, les deux jouant au mieux, lancers pour savoir qui commence compris"]),
    col("solution.csv", "turns_random", "tours_au_hasard", ["exact expected turns of a game, both playing at random", "nombre exact de tours attendu d'une partie, les deux jouant au hasard"]),
    col("solution.csv", "throws_random", "lancers_au_hasard", ["exact expected throws of a game, both playing at random", "nombre exact de lancers attendu d'une partie, les deux jouant au hasard"]),
    col("solution.csv", "luck_per_throw_optimal", "chance_par_lancer_au_mieux", ["mean luck swing of a throw, both playing optimally: the expected sum over a game of each throw's |luck| (the thrower's best chance once the value is known less its chance before) over the expected throws played", "chance moyenne d'un lancer, les deux jouant au mieux : l'espérance de la somme sur une partie des |chance au lancer| (la probabilité de gagner du lanceur, le lancer connu et le meilleur coup joué, moins celle d'avant) sur l'espérance du nombre de lancers joués"]),
    col("solution.csv", "luck_per_throw_random", "chance_par_lancer_au_hasard", ["mean luck swing of a throw, both playing at random (luck still measured against optimal play's chances)", "chance moyenne d'un lancer, les deux jouant au hasard (la chance toujours mesurée avec les probabilités du jeu au mieux)"]),
    col("solution.csv", "unreached_optimal", "jamais_atteintes_au_mieux", ["share of the positions solved that optimal play by both sides never reaches from the start", "part des positions résolues que le jeu au mieux des deux camps n'atteint jamais depuis le départ"]),
    col("solution.csv", "rules_hash", "empreinte_des_règles", ["the whole game solved (rules and device, rules.toml): sha256: and the first 12 hexadecimal digits of the SHA-256 of its canonical rule file, as summary.csv's", "le jeu complet résolu (règles et objet de lancer, rules.toml) : sha256: et les 12 premiers chiffres hexadécimaux du SHA-256 de son fichier de règles canonique, comme dans summary.csv"]),
    col("solution.csv", "seed", "graine", ["seed of the games played to judge the strategies and read the state metrics (--seed)", "graine des parties jouées pour juger les stratégies et lire les mesures sur les positions (--seed)"]),
    col("losses.csv", "strategy", "stratégie", ["strategy judged", "stratégie jugée"]).strategy(),
    col("losses.csv", "games", "parties", ["games against optimal", "parties contre optimal"]),
    col("losses.csv", "wins", "victoires", ["games it won", "parties qu'elle a gagnées"]),
    col("losses.csv", "decisions", "décisions", ["its decisions between at least two moves", "ses décisions entre au moins deux coups"]),
    col("losses.csv", "worse", "coups_moins_bons", ["decisions where it chose a worse move than the best", "décisions où elle a choisi un coup moins bon que le meilleur"]),
    col("losses.csv", "worse_share", "part_coups_moins_bons", ["share of its decisions with a worse move", "part de ses décisions avec un coup moins bon"]),
    col("losses.csv", "mean_loss", "perte_moyenne", ["mean probability of winning lost per decision", "probabilité de gagner perdue en moyenne par décision"]),
    col("losses.csv", "max_loss", "perte_maximale", ["largest probability of winning lost in one decision", "plus grande probabilité de gagner perdue en une décision"]),
    col("losses.csv", "mean_loss_lo95", "perte_moyenne_bas95", ["lower end of the 95% interval of the mean loss, the games as the sampled units (a ratio of sums over games, delta method)", "borne inférieure de l'intervalle à 95 % de la perte moyenne, les parties comme unités tirées (rapport de sommes sur les parties, méthode delta)"]),
    col("losses.csv", "mean_loss_hi95", "perte_moyenne_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("losses.csv", "score", "score", ["the strategy's mean score against optimal, a win 1 and a draw ½", "le score moyen de la stratégie contre « au mieux », une victoire 1 et une nulle ½"]),
    col("losses.csv", "score_lo95", "score_bas95", ["lower end of the score's 95% interval (mean ± 1.96 standard errors over the games)", "borne inférieure de l'intervalle à 95 % du score (moyenne ± 1,96 erreurs types sur les parties)"]),
    col("losses.csv", "score_hi95", "score_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("losses.csv", "luck_adjusted", "corrige_chance", ["the same score adjusted for luck (gnubg's luck-adjusted result): each game's exact chance at the start less the chance the strategy's decisions gave away; the same expectation as the score, without the dice's variance", "le même score corrigé de la chance (comme gnubg) : pour chaque partie, la chance exacte au départ moins la chance perdue par les décisions de la stratégie ; même espérance que le score, sans la variance des lancers"]),
    col("losses.csv", "luck_adjusted_lo95", "corrige_chance_bas95", ["lower end of its 95% interval", "borne inférieure de son intervalle à 95 %"]),
    col("losses.csv", "luck_adjusted_hi95", "corrige_chance_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("losses.csv", "variance_ratio", "rapport_variances", ["the variance of a game's score over that of its luck-adjusted score: how many times fewer games the adjusted score needs for the same interval", "la variance du score d'une partie sur celle de son score corrigé : combien de fois moins de parties il faut au score corrigé pour le même intervalle"]),
    col("losses.csv", "rating", "note", ["the strategy's rating as eXtreme Gammon's PR: 500 × its mean equity lost a decision (equity 2p − 1), so 1,000 × its mean_loss (0 is perfect play; lower is better)", "la note de la stratégie à la façon du PR d'eXtreme Gammon : 500 × son espérance perdue par décision (espérance 2p − 1), soit 1 000 × sa perte_moyenne (0 : jeu parfait ; plus bas, meilleur)"]),
    col("losses.csv", "rating_lo95", "note_bas95", ["lower end of the rating's 95% interval (the mean loss's × 1,000)", "borne inférieure de l'intervalle à 95 % de la note (celui de la perte moyenne × 1 000)"]),
    col("losses.csv", "rating_hi95", "note_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("state_metrics.csv", "play", "jeu", ["how both sides played the games read: optimal (the strategy optimal) or random", "comment les deux camps ont joué les parties lues : optimal (la stratégie optimal) ou random (au hasard)"]).strategy(),
    col("state_metrics.csv", "metric", "mesure", ["Ludii's metric, with each side's exact expected result from the table (2p − 1 for a chance p of winning) in place of Ludii's estimate, read before each throw: Drama Average and Drama Max (multiple/metrics/Drama.java), LeadChange (single/stateEvaluation/LeadChange.java), DecisivenessThreshold (single/stateEvaluation/decisiveness/DecisivenessThreshold.java), as Ludii 1.3.13's code computes them; '(docstring)': what the Java docstring describes, which the code does not do", "mesure de Ludii, avec le résultat attendu exact de chaque camp lu dans la table (2p − 1 pour une probabilité p de gagner) à la place de l'estimation de Ludii, lu avant chaque lancer : Drama Average et Drama Max (multiple/metrics/Drama.java), LeadChange (single/stateEvaluation/LeadChange.java), DecisivenessThreshold (single/stateEvaluation/decisiveness/DecisivenessThreshold.java), telles que le code de Ludii 1.3.13 les calcule ; « (docstring) » : ce que décrit le commentaire Java, que le code ne fait pas"]),
    col("state_metrics.csv", "value", "valeur", ["mean over the games of each game's value (Drama, Ludii's code: half the gap between the two sides' evaluations, both sides counted as 'highest ranked', mean or largest over the game; LeadChange: changes of the leading side over the game's throws, the first state counted as Ludii counts it; DecisivenessThreshold, Ludii's code: −1, no player being outside the 'highest ranked'; the docstrings: the highest evaluation less the winner's, and the loser's highest evaluation)", "moyenne sur les parties de la valeur de chaque partie (Drama, code de Ludii : la moitié de l'écart entre les évaluations des deux camps, moyenne ou plus grande sur la partie ; LeadChange : changements du camp en tête sur les lancers de la partie, le premier état compté comme Ludii le compte ; DecisivenessThreshold, code de Ludii : −1 ; les commentaires : l'évaluation la plus haute moins celle du vainqueur, et la plus haute évaluation du perdant)"]),
    col("state_metrics.csv", "standard_error", "erreur_type", ["standard error of the mean over the games (the values of the states are exact; the games are a sample)", "erreur type de la moyenne sur les parties (les valeurs des positions sont exactes ; les parties sont un échantillon)"]),
    col("state_metrics.csv", "games", "parties", ["seeded games read (--games)", "parties tirées avec la graine lues (--games)"]),
    col("ladder.csv", "tournament", "échelle", ["skill ladder (a tournament with ladder = true)", "échelle de niveau (un tournoi avec ladder = true)"]),
    col("ladder.csv", "variant", "variante", ["rule variant", "variante de règles"]),
    col("ladder.csv", "step", "marche", ["step, from the bottom", "marche, depuis le bas"]),
    col("ladder.csv", "stronger", "plus_forte", ["the strategy listed above", "la stratégie du dessus"]).strategy(),
    col("ladder.csv", "weaker", "plus_faible", ["the strategy listed below it", "la stratégie du dessous"]).strategy(),
    col("ladder.csv", "games", "parties", ["games of the pair, both seatings", "parties de la paire, dans les deux sens"]),
    col("ladder.csv", "stronger_wins", "victoires_plus_forte", ["games won by the strategy above", "parties gagnées par la stratégie du dessus"]),
    col("ladder.csv", "halves", "demi_victoires", ["games drawn or stopped by the turn cap, half a win to each side", "parties nulles ou arrêtées par la limite de tours, une demi-victoire pour chacune"]),
    col("ladder.csv", "score", "score", ["score of the strategy above: its wins and half the halves, over the games", "score de la stratégie du dessus : ses victoires et la moitié des demi-parties, sur les parties"]),
    col("ladder.csv", "low95", "score_bas95", ["lower end of the 95% Wilson interval of the score", "borne basse de l'intervalle de Wilson à 95 % du score"]),
    col("ladder.csv", "high95", "score_haut95", ["upper end of the 95% Wilson interval of the score", "borne haute de l'intervalle de Wilson à 95 % du score"]),
    col("ladder.csv", "utility", "utilité", ["mean utility of the strategy above, +1 a win, 0 a draw, −1 a loss (2 · score − 1), as Ludii counts a result", "utilité moyenne de la stratégie du dessus, +1 une victoire, 0 une nulle, −1 une défaite (2 · score − 1), comme Ludii compte un résultat"]),
    col("ladder.csv", "skill_trace", "SkillTrace", ["Ludii's SkillTrace (designer/SkillTrace.java, Ludii 1.3.13) over the ladder's steps in place of its UCT doublings, the same on every row of a ladder: the utilities' least-squares line read two steps past the last, kept within [0, 1], plus (1 − that) times the mean of the positive utilities (each negative one counted 0)", "SkillTrace de Ludii (designer/SkillTrace.java, Ludii 1.3.13) sur les marches de l'échelle à la place de ses doublements d'UCT, la même sur chaque ligne d'une échelle : la droite des moindres carrés des utilités lue deux marches après la dernière, gardée dans [0, 1], plus (1 − cette valeur) fois la moyenne des utilités positives (une négative comptée 0)"]),
    col("critical.csv", "rank", "rang", ["rank (largest gap first)", "rang (plus grand écart d'abord)"]),
    col("critical.csv", "to_move", "camp_qui_joue", ["side to move", "camp qui joue"]).side(),
    col("critical.csv", "white", "cases_blancs", ["white's squares", "cases des blancs"]),
    col("critical.csv", "black", "cases_noirs", ["black's squares", "cases des noirs"]),
    col("critical.csv", "throw", "lancer", ["value thrown", "valeur du lancer"]),
    col("critical.csv", "best_move", "meilleur_coup", ["best move", "meilleur coup"]).moves(),
    col("critical.csv", "best_value", "chance_meilleur_coup", ["probability of winning after the best move", "probabilité de gagner après le meilleur coup"]),
    col("critical.csv", "worst_move", "pire_coup", ["worst move", "pire coup"]).moves(),
    col("critical.csv", "worst_value", "chance_pire_coup", ["probability of winning after the worst move", "probabilité de gagner après le pire coup"]),
    col("summary.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("summary.csv", "variant", "variante", ["rule variant (see docs/rules.md)", "variante des règles (voir docs/rules.md)"]),
    col("summary.csv", "device", "objet_de_lancer", ["throwing device", "objet de lancer"]).device(),
    col("summary.csv", "rules_hash", "empreinte_des_règles", ["the arm's whole game (rules and device): sha256: and the first 12 hexadecimal digits of the SHA-256 of its rule file rules/ARM.toml (sha256sum prints them); equal for arms that play the same game", "le jeu complet de la configuration (règles et objet de lancer) : sha256: et les 12 premiers chiffres hexadécimaux du SHA-256 de son fichier de règles rules/CONFIGURATION.toml (affichés par sha256sum) ; égaux pour deux configurations qui jouent le même jeu"]),
    col("summary.csv", "white", "stratégie_blancs", ["white's strategy", "stratégie des blancs"]).strategy(),
    col("summary.csv", "black", "stratégie_noirs", ["black's strategy", "stratégie des noirs"]).strategy(),
    col("summary.csv", "games", "parties", ["games played", "nombre de parties"]),
    col("summary.csv", "white_wins", "victoires_blancs", ["games won by white", "parties gagnées par les blancs"]),
    col("summary.csv", "black_wins", "victoires_noirs", ["games won by black", "parties gagnées par les noirs"]),
    col("summary.csv", "first_mover_wins", "victoires_premier_joueur", ["games won by the player who moved first", "parties gagnées par le joueur qui a commencé"]),
    col("summary.csv", "unfinished", "inachevées", ["games stopped by the turn cap", "parties inachevées"]),
    col("summary.csv", "draws", "nulles", ["drawn games: equal scores (rules played until both sides are out), or the last pawn off with a throw that gives another (Ludii's Jéquier)", "parties nulles : à égalité de points (règles jouées jusqu'à la sortie des deux camps), ou dernier pion sorti avec un lancer qui en donne un autre (Jéquier selon Ludii)"]),
    col("summary.csv", "white_rate", "fréquence_blancs", ["share of games won by white", "fréquence des parties gagnées par les blancs"]),
    col("summary.csv", "white_rate_lo95", "fréquence_blancs_bas95", ["lower end of the 95% Wilson interval of that share", "borne inférieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "white_rate_hi95", "fréquence_blancs_haut95", ["upper end of the 95% Wilson interval of that share", "borne supérieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "black_rate", "fréquence_noirs", ["share of games won by black", "fréquence des parties gagnées par les noirs"]),
    col("summary.csv", "black_rate_lo95", "fréquence_noirs_bas95", ["lower end of the 95% Wilson interval of that share", "borne inférieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "black_rate_hi95", "fréquence_noirs_haut95", ["upper end of the 95% Wilson interval of that share", "borne supérieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "first_mover_rate", "fréquence_premier_joueur", ["share of games won by the player who moved first", "fréquence des parties gagnées par le joueur qui a commencé"]),
    col("summary.csv", "first_mover_rate_lo95", "fréquence_premier_joueur_bas95", ["lower end of the 95% Wilson interval of that share", "borne inférieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "first_mover_rate_hi95", "fréquence_premier_joueur_haut95", ["upper end of the 95% Wilson interval of that share", "borne supérieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "unfinished_rate", "fréquence_inachevées", ["share of games stopped by the turn cap", "fréquence des parties inachevées"]),
    col("summary.csv", "unfinished_rate_lo95", "fréquence_inachevées_bas95", ["lower end of the 95% Wilson interval of that share", "borne inférieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "unfinished_rate_hi95", "fréquence_inachevées_haut95", ["upper end of the 95% Wilson interval of that share", "borne supérieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "draw_rate", "fréquence_nulles", ["share of drawn games", "fréquence des parties nulles"]),
    col("summary.csv", "draw_rate_lo95", "fréquence_nulles_bas95", ["lower end of the 95% Wilson interval of that share", "borne inférieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "draw_rate_hi95", "fréquence_nulles_haut95", ["upper end of the 95% Wilson interval of that share", "borne supérieure de l'intervalle de confiance à 95 % (Wilson) de cette fréquence"]),
    col("summary.csv", "mean_turns", "durée_moyenne_tours", ["mean game length in turns", "durée moyenne en tours (espérance estimée)"]),
    col("summary.csv", "sd_turns", "écart_type_tours", ["standard deviation of the length in turns", "écart type de la durée en tours"]),
    col("summary.csv", "p5_turns", "centile5_tours", ["5th percentile of the length in turns", "5e centile de la durée en tours"]),
    col("summary.csv", "q1_turns", "quartile1_tours", ["first quartile of the length in turns", "premier quartile de la durée en tours"]),
    col("summary.csv", "median_turns", "médiane_tours", ["median length in turns", "médiane de la durée en tours"]),
    col("summary.csv", "q3_turns", "quartile3_tours", ["third quartile of the length in turns", "troisième quartile de la durée en tours"]),
    col("summary.csv", "p95_turns", "centile95_tours", ["95th percentile of the length in turns", "95e centile de la durée en tours"]),
    col("summary.csv", "mean_throws", "durée_moyenne_lancers", ["mean game length in throws", "durée moyenne en lancers"]),
    col("summary.csv", "sd_throws", "écart_type_lancers", ["standard deviation of the length in throws", "écart type de la durée en lancers"]),
    col("summary.csv", "p5_throws", "centile5_lancers", ["5th percentile of the length in throws", "5e centile de la durée en lancers"]),
    col("summary.csv", "q1_throws", "quartile1_lancers", ["first quartile of the length in throws", "premier quartile de la durée en lancers"]),
    col("summary.csv", "median_throws", "médiane_lancers", ["median length in throws", "médiane de la durée en lancers"]),
    col("summary.csv", "q3_throws", "quartile3_lancers", ["third quartile of the length in throws", "troisième quartile de la durée en lancers"]),
    col("summary.csv", "p95_throws", "centile95_lancers", ["95th percentile of the length in throws", "95e centile de la durée en lancers"]),
    col("summary.csv", "mean_moves", "durée_moyenne_coups", ["mean game length in moves", "durée moyenne en déplacements"]),
    col("summary.csv", "sd_moves", "écart_type_coups", ["standard deviation of the length in moves", "écart type de la durée en déplacements"]),
    col("summary.csv", "p5_moves", "centile5_coups", ["5th percentile of the length in moves", "5e centile de la durée en déplacements"]),
    col("summary.csv", "q1_moves", "quartile1_coups", ["first quartile of the length in moves", "premier quartile de la durée en déplacements"]),
    col("summary.csv", "median_moves", "médiane_coups", ["median length in moves", "médiane de la durée en déplacements"]),
    col("summary.csv", "q3_moves", "quartile3_coups", ["third quartile of the length in moves", "troisième quartile de la durée en déplacements"]),
    col("summary.csv", "p95_moves", "centile95_coups", ["95th percentile of the length in moves", "95e centile de la durée en déplacements"]),
    col("summary.csv", "captures_per_game", "prises_par_partie", ["captures per game (mean)", "prises par partie (moyenne)"]),
    col("summary.csv", "backward_per_game", "reculs_par_partie", ["backward moves per game (mean)", "reculs par partie (moyenne)"]),
    col("summary.csv", "passes_per_game", "lancers_sans_coup_par_partie", ["throws without a move per game (mean)", "lancers sans déplacement par partie (moyenne)"]),
    col("summary.csv", "water_per_game", "chutes_dans_l_eau_par_partie", ["pawns fallen in the water per game (mean)", "pions tombés à l'eau par partie (moyenne)"]),
    col("summary.csv", "throwoffs", "départages", ["games opened by a throw-off", "parties ouvertes par un lancer pour commencer"]),
    col("summary.csv", "throwoff_first_thrower", "départages_premier_lanceur", ["throw-offs won by the first thrower", "lancers pour commencer gagnés par le premier lanceur"]),
    col("summary.csv", "throwoff_first_thrower_rate", "fréquence_départages_premier_lanceur", ["share of throw-offs won by the first thrower", "fréquence : le premier lanceur commence"]),
    col("summary.csv", "throwoff_first_thrower_theory", "probabilité_départages_premier_lanceur", ["its exact probability 1/(2 − p)", "sa probabilité exacte 1/(2 − p)"]),
    col("summary.csv", "first_thrower_wins", "victoires_premier_lanceur", ["games won by the player who threw first in the throw-off (not the side that starts: that is the throw-off's winner)", "parties gagnées par le joueur qui a lancé en premier pour savoir qui commence (pas le camp qui commence : c'est le gagnant de ces lancers)"]),
    col("summary.csv", "first_thrower_rate", "fréquence_premier_lanceur", ["share of the games won by the player who threw first in the throw-off", "fréquence des parties gagnées par le joueur qui a lancé en premier"]),
    col("summary.csv", "first_thrower_rate_lo95", "fréquence_premier_lanceur_bas95", ["lower bound of its 95% Wilson interval", "borne inférieure de son intervalle de confiance à 95 % (Wilson)"]),
    col("summary.csv", "first_thrower_rate_hi95", "fréquence_premier_lanceur_haut95", ["upper bound of its 95% Wilson interval", "borne supérieure de son intervalle de confiance à 95 % (Wilson)"]),
    col("summary.csv", "mean_turns_lo95", "durée_moyenne_tours_bas95", ["lower end of the 95% interval of the mean length in turns (mean ± 1.96 standard errors, finished games)", "borne inférieure de l'intervalle à 95 % de la durée moyenne en tours (moyenne ± 1,96 erreurs types, parties finies)"]),
    col("summary.csv", "mean_turns_hi95", "durée_moyenne_tours_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("summary.csv", "mean_throws_lo95", "durée_moyenne_lancers_bas95", ["lower end of the 95% interval of the mean length in throws (mean ± 1.96 standard errors, finished games)", "borne inférieure de l'intervalle à 95 % de la durée moyenne en lancers (moyenne ± 1,96 erreurs types, parties finies)"]),
    col("summary.csv", "mean_throws_hi95", "durée_moyenne_lancers_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("summary.csv", "mean_moves_lo95", "durée_moyenne_coups_bas95", ["lower end of the 95% interval of the mean length in moves (mean ± 1.96 standard errors, finished games)", "borne inférieure de l'intervalle à 95 % de la durée moyenne en coups (moyenne ± 1,96 erreurs types, parties finies)"]),
    col("summary.csv", "mean_moves_hi95", "durée_moyenne_coups_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("throws.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("throws.csv", "value", "valeur", ["value thrown", "issue"]),
    col("throws.csv", "count", "effectif", ["number of throws with this value", "effectif"]),
    col("throws.csv", "frequency", "fréquence", ["share of throws with this value", "fréquence"]),
    col("throws.csv", "theory", "probabilité", ["exact probability", "probabilité"]),
    col("throws.csv", "std_error", "erreur_type", ["standard error of the frequency, √(p(1 − p)/n)", "écart type de la fréquence, √(p(1 − p)/n)"]),
    col("throws.csv", "z", "z", ["(frequency − probability) / standard error", "(fréquence − probabilité) / écart type"]),
    col("lengths.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("lengths.csv", "turns", "tours", ["game length in turns", "durée en tours"]),
    col("lengths.csv", "games", "parties", ["number of finished games of that length", "effectif des parties de cette durée"]),
    col("lengths_throws.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("lengths_throws.csv", "throws", "lancers", ["game length in throws", "durée en lancers"]),
    col("lengths_throws.csv", "games", "parties", ["number of finished games of that length", "effectif des parties de cette durée"]),
    col("lengths_moves.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("lengths_moves.csv", "moves", "coups", ["game length in moves", "durée en déplacements"]),
    col("lengths_moves.csv", "games", "parties", ["number of finished games of that length", "effectif des parties de cette durée"]),
    col("squares.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("squares.csv", "square", "case", ["square along the path", "case du parcours"]),
    col("squares.csv", "occupancy", "occupation", ["share of positions with a pawn on the square", "fréquence d'occupation"]),
    col("squares.csv", "white", "occupation_blancs", ["share of positions with a white pawn on the square", "fréquence d'occupation par un pion blanc"]),
    col("squares.csv", "black", "occupation_noirs", ["share of positions with a black pawn on the square", "fréquence d'occupation par un pion noir"]),
    col("first_throws.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("first_throws.csv", "throw", "rang_du_lancer", ["rank of the throw", "rang du lancer"]),
    col("first_throws.csv", "value", "valeur", ["value thrown", "issue"]),
    col("throwoffs.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("throwoffs.csv", "throws", "lancers", ["throws the throw-off took", "nombre de lancers pour commencer"]),
    col("throwoffs.csv", "count", "effectif", ["games whose throw-off took that many throws", "effectif"]),
    col("throwoffs.csv", "frequency", "fréquence", ["their share of the throw-offs", "fréquence"]),
    col("throwoffs.csv", "theory", "probabilité", ["geometric law (1 − p)ᵏ⁻¹ × p of the starting value", "loi géométrique (1 − p)ᵏ⁻¹ × p de l'issue qui fait commencer"]),
    col("review.csv", "throw", "lancer", ["throw number in the game", "numéro du lancer dans la partie"]),
    col("review.csv", "side", "camp", ["side that threw", "camp qui a lancé"]).side(),
    col("review.csv", "value", "valeur", ["value thrown", "issue du lancer"]),
    col("review.csv", "move", "coup", ["move played (empty: none)", "coup joué (vide : aucun)"]).moves(),
    col("review.csv", "white_before", "chance_blancs_avant", ["white's exact chance of winning before the throw", "probabilité exacte que les blancs gagnent avant le lancer"]),
    col("review.csv", "white_chance", "chance_blancs_après", ["white's exact chance of winning after the throw", "probabilité exacte que les blancs gagnent après le lancer"]),
    col("review.csv", "luck", "chance_au_lancer", ["luck of the throw, thrower's view: its chance with the throw known (best move assumed) less its chance before", "chance au lancer, vue du lanceur : sa probabilité de gagner une fois le lancer connu (meilleur coup supposé) moins celle d'avant"]),
    col("review.csv", "best_move", "meilleur_coup", ["the best move, when there was a choice", "le meilleur coup, quand il y avait un choix"]).moves(),
    col("review.csv", "loss", "perte", ["chance of winning given away by the move played", "probabilité de gagner perdue par le coup joué"]),
    col("review.csv", "grade", "appréciation", ["the decision's grade by the chance it gave away: best (none), excellent (at most 0.02), good (0.05), inaccuracy (0.10), mistake (0.20), blunder (more); empty without a choice", "l'appréciation du coup selon la chance perdue : best (aucune), excellent (au plus 0,02), good (0,05), inaccuracy (0,10), mistake (0,20), blunder (davantage) ; vide sans choix"]),
    col("class_throws.csv", "arm", "configuration", ["configuration whose exact law the class's throws are compared with", "configuration dont la loi exacte est comparée aux lancers de la classe"]),
    col("class_throws.csv", "value", "valeur", ["value (outcome of a throw)", "issue d'un lancer"]),
    col("class_throws.csv", "class_count", "effectif_classe", ["the class's count of the value, every group pooled", "effectif de l'issue dans la classe, tous les groupes réunis"]),
    col("class_throws.csv", "class_frequency", "fréquence_classe", ["the class's frequency of the value", "fréquence de l'issue dans la classe"]),
    col("class_throws.csv", "frequency", "fréquence_simulée", ["simulated frequency of the value", "fréquence simulée de l'issue"]),
    col("class_throws.csv", "theory", "probabilité", ["exact probability of the value", "probabilité exacte de l'issue"]),
    col("class_throws.csv", "equiprobable", "équiprobable", ["probability of each value were the values equiprobable (1 / number of values)", "probabilité de chaque issue si les issues étaient équiprobables (1 / nombre d'issues)"]),
    col("class_throws.csv", "estimated_sticks", "bâtonnets_p_estimé", ["probability of the value with sticks whose probability of a flat face is the class's estimate p̂ (flat faces ÷ sticks thrown; empty for a device that is not four sticks or coins)", "probabilité de l'issue avec des bâtonnets qui tombent sur la face plate avec la probabilité estimée par la classe, p̂ (faces plates ÷ bâtonnets lancés ; vide pour un objet qui n'est pas quatre bâtonnets ou pièces)"]),
    col("class_pooled.csv", "arm", "configuration", ["configuration whose exact law the class's throws are compared with", "configuration dont la loi exacte est comparée aux lancers de la classe"]),
    col("class_pooled.csv", "groups", "groupes", ["groups pooled so far, in the file's order", "nombre de groupes réunis, dans l'ordre du fichier"]),
    col("class_pooled.csv", "group", "groupe", ["the group added last", "le dernier groupe ajouté"]),
    col("class_pooled.csv", "value", "valeur", ["value (outcome of a throw)", "issue d'un lancer"]),
    col("class_pooled.csv", "group_count", "effectif_groupe", ["the count of the value by the group added last", "effectif de l'issue pour le dernier groupe ajouté"]),
    col("class_pooled.csv", "pooled_count", "effectif_cumulé", ["count of the value in the groups pooled so far", "effectif de l'issue dans les groupes réunis"]),
    col("class_pooled.csv", "pooled_throws", "lancers_cumulés", ["throws of the groups pooled so far", "nombre de lancers des groupes réunis"]),
    col("class_pooled.csv", "pooled_frequency", "fréquence_cumulée", ["frequency of the value in the groups pooled so far", "fréquence de l'issue dans les groupes réunis"]),
    col("class_pooled.csv", "theory", "probabilité", ["exact probability of the value", "probabilité exacte de l'issue"]),
    col("class_pooled.csv", "low", "borne_basse", ["lower end of the fluctuation interval p − 1/√n (n the throws pooled)", "borne basse de l'intervalle de fluctuation p − 1/√n (n le nombre de lancers réunis)"]),
    col("class_pooled.csv", "high", "borne_haute", ["upper end of the fluctuation interval p + 1/√n", "borne haute de l'intervalle de fluctuation p + 1/√n"]),
    col("waits.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("waits.csv", "value", "valeur", ["value awaited", "issue attendue"]),
    col("waits.csv", "throws", "lancers", ["throws needed to get the value", "nombre de lancers pour obtenir l'issue"]),
    col("waits.csv", "count", "effectif", ["number of waits of that length", "effectif"]),
    col("waits.csv", "frequency", "fréquence", ["their share", "fréquence"]),
    col("waits.csv", "theory", "probabilité", ["geometric law (1 − p)ᵏ⁻¹ × p", "loi géométrique (1 − p)ᵏ⁻¹ × p"]),
    col("metrics.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("metrics.csv", "games", "parties", ["games of the arm: the outcome metrics and DurationTurns read them all", "parties de la configuration : les mesures d'issue et DurationTurns les lisent toutes"]),
    col("metrics.csv", "move_metric_games", "parties_mesures_des_coups", ["its first games, played again with every move listed, that the move metrics read (Ludii's evaluations use about 100)", "ses premières parties, rejouées en listant tous les coups, que lisent les mesures des coups (Ludii en utilise une centaine)"]),
    col("metrics.csv", "player_1", "joueur_1", ["who Ludii's player 1 is, the player who throws first: first-thrower (the first thrower of the opening throw-off, Ludii's agent 1 when a swap gives the role to whoever throws the value), white (white throws first, black starts after a higher throw: Ludii's Bell) or first-mover (the side that moves first)", "qui est le joueur 1 de Ludii, celui qui lance en premier : premier lanceur (du lancer pour commencer), blancs (qui lancent en premier ; les noirs commencent après un lancer plus haut : Bell chez Ludii) ou premier à jouer"]).side(),
    col("metrics.csv", "DurationTurns", "DurationTurns", ["Ludii's DurationTurns (single/duration/DurationTurns.java): mean turns of every game, a game stopped by the turn cap at the cap (Ludii sums trial.numTurns() over all trials); a turn as senet-sim counts it (one side's throws until the hand passes, as Ludii's mover changes)", "DurationTurns de Ludii (single/duration/DurationTurns.java) : tours moyens de toutes les parties, une partie arrêtée par la limite de tours comptée à la limite ; un tour compté comme senet-sim (les lancers d'un camp jusqu'à ce que la main passe, comme un changement de joueur chez Ludii)"]),
    col("metrics.csv", "DecisionMoves", "DecisionMoves", ["Ludii's DecisionMoves (single/complexity/DecisionMoves.java): mean over games of the share of moves with more than one choice; a move is a throw played or passed, points left over played, or a pawn freed", "DecisionMoves de Ludii (single/complexity/DecisionMoves.java) : moyenne sur les parties de la part des coups à plus d'un choix ; un coup est un lancer joué ou passé, des points restants joués ou un pion libéré"]),
    col("metrics.csv", "BoardCoverageDefault", "BoardCoverageDefault", ["Ludii's BoardCoverageDefault (single/boardCoverage/BoardCoverageDefault.java): mean over games of the share of the 30 squares a pawn ever stood on", "BoardCoverageDefault de Ludii (single/boardCoverage/BoardCoverageDefault.java) : moyenne sur les parties de la part des 30 cases où un pion s'est trouvé"]),
    col("metrics.csv", "AdvantageP1", "AdvantageP1", ["Ludii's AdvantageP1 (single/outcome/AdvantageP1.java): player 1's mean score, a win 1, a draw or an unfinished game ½ ((agentUtilities[1] + 1) / 2)", "AdvantageP1 de Ludii (single/outcome/AdvantageP1.java) : score moyen du joueur 1, une victoire 1, une partie nulle ou inachevée ½"]),
    col("metrics.csv", "Balance", "Balance", ["Ludii's Balance (single/outcome/Balance.java): 1 less the gap between player 1's and player 2's win rates", "Balance de Ludii (single/outcome/Balance.java) : 1 moins l'écart entre les fréquences de victoire du joueur 1 et du joueur 2"]),
    col("metrics.csv", "Completion", "Completion", ["Ludii's Completion (single/outcome/Completion.java): share of games with a winner (not drawn, not stopped by the turn cap)", "Completion de Ludii (single/outcome/Completion.java) : part des parties avec un vainqueur (ni nulles, ni arrêtées par la limite de tours)"]),
    col("metrics.csv", "Drawishness", "Drawishness", ["Ludii's Drawishness as its code computes it (single/outcome/Drawishness.java): share of games where every player's utility is 0, the games stopped by the turn cap included", "Drawishness de Ludii telle que son code la calcule (single/outcome/Drawishness.java) : part des parties où l'utilité de chaque joueur est 0, parties arrêtées par la limite de tours comprises"]),
    col("metrics.csv", "OutcomeUniformity", "OutcomeUniformity", ["Ludii's OutcomeUniformity (single/outcome/OutcomeUniformity.java): 1 less the players' mean sample variance of utility (+1 a win, −1 a loss, 0 otherwise; Stats.varn divides by n − 1)", "OutcomeUniformity de Ludii (single/outcome/OutcomeUniformity.java) : 1 moins la variance d'échantillon moyenne de l'utilité des joueurs (+1 une victoire, −1 une défaite, 0 sinon ; division par n − 1)"]),
    col("metrics.csv", "PieceNumberAverage", "PieceNumberAverage", ["Ludii's PieceNumber, Average (multiple/metrics/PieceNumber.java): mean over games of the mean count of pawns on the board, over the start and the position after each move", "PieceNumber de Ludii, moyenne (multiple/metrics/PieceNumber.java) : moyenne sur les parties du nombre moyen de pions sur le plateau, au départ et après chaque coup"]),
    col("metrics.csv", "BoardSitesOccupiedAverage", "BoardSitesOccupiedAverage", ["Ludii's BoardSitesOccupied, Average (multiple/metrics/BoardSitesOccupied.java): the same as a share of the 30 squares", "BoardSitesOccupied de Ludii, moyenne (multiple/metrics/BoardSitesOccupied.java) : la même chose en part des 30 cases"]),
    col("metrics.csv", "BranchingFactorAverage", "BranchingFactorAverage", ["Ludii's BranchingFactor, Average (multiple/metrics/BranchingFactor.java): mean over games of the mean count of choices a move (a pass counts one, as Ludii's Pass move)", "BranchingFactor de Ludii, moyenne (multiple/metrics/BranchingFactor.java) : moyenne sur les parties du nombre moyen de choix par coup (un coup passé compte pour un, comme le Pass de Ludii)"]),
    col("metrics.csv", "MoveDistanceAverage", "MoveDistanceAverage", ["Ludii's MoveDistance, Average (multiple/metrics/MoveDistance.java): mean over games of the mean distance of a move from a square to a square, in cells of the 3 × 10 board, diagonals included (entries and bear-offs left out, as Ludii's moves between site types)", "MoveDistance de Ludii, moyenne (multiple/metrics/MoveDistance.java) : moyenne sur les parties de la distance moyenne d'un coup d'une case à une case, en cases du plateau 3 × 10, diagonales comprises (entrées et sorties exclues, comme chez Ludii les coups entre types de sites)"]),
    col("metrics.csv", "DrawishnessNoTimeouts", "DrawishnessNoTimeouts", ["Drawishness as Ludii's docstring says it, \"not including timeouts\": share of games drawn by the rules within the turn cap", "Drawishness comme la décrit Ludii, « sans les parties arrêtées » : part des parties nulles selon les règles, avant la limite de tours"]),
    col("metric_intervals.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("metric_intervals.csv", "metric", "mesure", ["Ludii's metric, as in metrics.csv", "mesure de Ludii, comme dans metrics.csv"]),
    col("metric_intervals.csv", "value", "valeur", ["its value (metrics.csv)", "sa valeur (metrics.csv)"]),
    col("metric_intervals.csv", "low95", "bas95", ["lower end of its 95% interval over the games: Wilson's for a share (Completion, Drawishness), the mean ± 1.96 standard errors for a mean over games (AdvantageP1, DurationTurns, the move metrics), 1 less the gap's interval for Balance, the delta method's for OutcomeUniformity", "borne inférieure de son intervalle à 95 % sur les parties : Wilson pour une fréquence, moyenne ± 1,96 erreurs types pour une moyenne sur les parties, 1 moins l'intervalle de l'écart pour Balance, méthode delta pour OutcomeUniformity"]),
    col("metric_intervals.csv", "high95", "haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("comparison.csv", "arm_a", "configuration_a", ["the earlier arm of the pair", "la première configuration de la paire"]),
    col("comparison.csv", "arm_b", "configuration_b", ["the later arm, compared with it", "la seconde configuration, comparée à la première"]),
    col("comparison.csv", "measure", "mesure", ["what is compared: white_rate, first_mover_rate, draw_rate (shares of all games, as summary.csv), first_mover_score (the first mover's score, a draw half a win), first_mover_decided (its share of the games with a winner), mean_turns, mean_throws (finished games)", "ce qui est comparé : white_rate, first_mover_rate, draw_rate (parts de toutes les parties, comme summary.csv), first_mover_score (le score du premier joueur, une nulle comptant pour moitié), first_mover_decided (sa part des parties gagnées par l'un des deux), mean_turns, mean_throws (parties finies)"]),
    col("comparison.csv", "value_a", "valeur_a", ["its value in the first arm", "sa valeur dans la première configuration"]),
    col("comparison.csv", "value_b", "valeur_b", ["its value in the second arm", "sa valeur dans la seconde configuration"]),
    col("comparison.csv", "difference", "différence", ["second less first", "seconde moins première"]),
    col("comparison.csv", "low95", "bas95", ["lower end of the 95% interval of the difference (± 1.96 standard errors, the arms' games independent)", "borne inférieure de l'intervalle à 95 % de la différence (± 1,96 erreurs types, parties des configurations indépendantes)"]),
    col("comparison.csv", "high95", "haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("comparison.csv", "p_value", "p_valeur", ["two-sided p-value of no difference (normal test, unpooled): the chance of a difference at least this large between two arms that do not differ", "p-valeur bilatérale de l'absence de différence (test normal) : la probabilité d'un écart au moins aussi grand entre deux configurations qui ne diffèrent pas"]),
    col("comparison.csv", "p_holm", "p_holm", ["the p-value adjusted by Holm's step-down method over every row of this file (the family): read this one when many comparisons are made at once", "la p-valeur corrigée par la méthode de Holm sur toutes les lignes de ce fichier (la famille) : celle à lire quand on fait beaucoup de comparaisons à la fois"]),
    col("games.csv", "arm", "configuration", ["configuration played", "configuration jouée"]),
    col("games.csv", "game", "partie", ["number of the game in the run", "numéro de la partie"]),
    col("games.csv", "seed", "graine", ["seed of the game, 0x and 16 hexadecimal digits (senet-sim play --game-seed SEED with the arm's --variant and --device replays it)", "graine de la partie, 0x et 16 chiffres hexadécimaux (senet-sim play --game-seed GRAINE avec la règle et le dispositif de la configuration la rejoue)"]),
    col("games.csv", "first", "premier", ["side that moved first", "camp qui a commencé"]).side(),
    col("games.csv", "first_thrower", "premier_lanceur", ["side that threw first in the opening throw-off (none without one): it starts only if it gets the value first", "camp qui a lancé en premier pour savoir qui commence (none sans ces lancers) : il ne commence que s'il obtient la valeur le premier"]).side(),
    col("games.csv", "winner", "vainqueur", ["winning side (none: stopped by the turn cap)", "camp gagnant (none : partie inachevée)"]).side(),
    col("games.csv", "turns", "tours", ["length in turns", "durée en tours"]),
    col("games.csv", "throws", "lancers", ["length in throws", "durée en lancers"]),
    col("games.csv", "moves", "coups", ["length in moves", "durée en déplacements"]),
    col("games.csv", "captures", "prises", ["captures", "prises"]),
    col("games.csv", "backward", "reculs", ["backward moves", "reculs"]),
    col("games.csv", "passes", "lancers_sans_coup", ["throws without a move", "lancers sans déplacement"]),
    col("games.csv", "water", "chutes_dans_l_eau", ["pawns fallen in the water", "pions tombés à l'eau"]),
    col("tournament.csv", "tournament", "tournoi", ["tournament", "tournoi"]),
    col("tournament.csv", "variant", "variante", ["rule variant", "variante des règles"]),
    col("tournament.csv", "device", "objet_de_lancer", ["throwing device", "objet de lancer"]).device(),
    col("tournament.csv", "rules_hash", "empreinte_des_règles", ["the tournament's whole game: sha256: and the first 12 hexadecimal digits of the SHA-256 of its rule file rules/TOURNAMENT.toml", "le jeu complet du tournoi : sha256: et les 12 premiers chiffres hexadécimaux du SHA-256 de son fichier de règles rules/TOURNOI.toml"]),
    col("tournament.csv", "white", "stratégie_blancs", ["white's strategy", "stratégie des blancs"]).strategy(),
    col("tournament.csv", "black", "stratégie_noirs", ["black's strategy", "stratégie des noirs"]).strategy(),
    col("tournament.csv", "games", "parties", ["games played in this seating", "parties jouées dans cette disposition"]),
    col("tournament.csv", "white_wins", "victoires_blancs", ["games won by white", "parties gagnées par les blancs"]),
    col("tournament.csv", "black_wins", "victoires_noirs", ["games won by black", "parties gagnées par les noirs"]),
    col("tournament.csv", "unfinished", "inachevées", ["games stopped by the turn cap", "parties inachevées"]),
    col("tournament.csv", "draws", "nulles", ["drawn games (rules played until both sides are out, or Ludii's Jéquier); ranking.csv counts them half, as unfinished games", "parties nulles (règles jouées jusqu'à la sortie des deux camps, ou Jéquier selon Ludii) ; ranking.csv les compte pour moitié, comme les parties inachevées"]),
    col("tournament.csv", "mean_turns", "durée_moyenne_tours", ["mean game length in turns", "durée moyenne en tours"]),
    col("tournament.csv", "row_games", "parties_paire", ["games of the white column's strategy against the black column's, both seatings", "parties de la stratégie de la colonne white contre celle de la colonne black, dans les deux dispositions"]),
    col("tournament.csv", "row_wins", "victoires_paire", ["games the white column's strategy won over its pairing", "parties gagnées par la stratégie de la colonne white sur la rencontre"]),
    col("tournament.csv", "row_win_rate", "fréquence_victoires_paire", ["win rate of the white column's strategy over its pairing", "fréquence de victoire de la stratégie de la colonne white sur la rencontre"]),
    col("tournament.csv", "row_low95", "fréquence_victoires_paire_bas95", ["lower end of its 95% interval", "borne inférieure de l'intervalle à 95 %"]),
    col("tournament.csv", "row_high95", "fréquence_victoires_paire_haut95", ["upper end of its 95% interval", "borne supérieure de l'intervalle à 95 %"]),
    col("ranking.csv", "tournament", "tournoi", ["tournament", "tournoi"]),
    col("ranking.csv", "rank", "rang", ["rank by rating", "rang au classement"]),
    col("ranking.csv", "strategy", "stratégie", ["strategy", "stratégie"]).strategy(),
    col("ranking.csv", "elo", "elo", ["rating on the Elo scale (random = 0)", "classement Elo (random = 0)"]),
    col("ranking.csv", "elo_se", "elo_erreur_type", ["standard error of the rating", "écart type du classement"]),
    col("ranking.csv", "games", "parties", ["games played", "parties jouées"]),
    col("ranking.csv", "wins", "victoires", ["games won", "parties gagnées"]),
    col("ranking.csv", "score", "score", ["score: wins plus half the unfinished games, over games", "score : victoires plus la moitié des parties inachevées, sur le nombre de parties"]),
    col("luck.csv", "tournament", "tournoi", ["tournament", "tournoi"]),
    col("luck.csv", "strategy_a", "stratégie_a", ["first strategy of the pairing", "première stratégie de la rencontre"]).strategy(),
    col("luck.csv", "strategy_b", "stratégie_b", ["second strategy of the pairing", "seconde stratégie de la rencontre"]).strategy(),
    col("luck.csv", "duplicate_pairs", "paires", ["duplicate pairs (two games, same throws, seats swapped)", "paires de parties (mêmes lancers, places échangées)"]),
    col("luck.csv", "decided_by_strategies", "décidées_par_les_joueurs", ["pairs won twice by the same strategy", "paires gagnées deux fois par la même stratégie"]),
    col("luck.csv", "decided_by_throws", "décidées_par_les_lancers", ["pairs won twice by the same colour", "paires gagnées deux fois par la même couleur"]),
    col("luck.csv", "incomplete", "incomplètes", ["pairs with an unfinished game", "paires avec une partie inachevée"]),
    col("luck.csv", "share_by_strategies", "part_décidée_par_les_joueurs", ["share of duplicate pairs the players decided", "part des paires décidées par les joueurs"]),
    col("luck.csv", "share_by_throws", "part_décidée_par_les_lancers", ["share of duplicate pairs the throws decided", "part des paires décidées par les lancers"]),
    col("luck.csv", "share_by_strategies_lo95", "part_décidée_par_les_joueurs_bas95", ["lower end of the 95% Wilson interval of the share the players decided", "borne inférieure de l'intervalle de Wilson à 95 % de la part décidée par les joueurs"]),
    col("luck.csv", "share_by_strategies_hi95", "part_décidée_par_les_joueurs_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("luck.csv", "share_by_throws_lo95", "part_décidée_par_les_lancers_bas95", ["lower end of the 95% Wilson interval of the share the throws decided", "borne inférieure de l'intervalle de Wilson à 95 % de la part décidée par les lancers"]),
    col("luck.csv", "share_by_throws_hi95", "part_décidée_par_les_lancers_haut95", ["upper end of that interval", "borne supérieure de cet intervalle"]),
    col("columns.csv", "file", "fichier", ["CSV file of this folder", "fichier CSV de ce dossier"]),
    col("columns.csv", "column", "colonne", ["column of that file", "colonne de ce fichier"]),
    col("columns.csv", "label", "description", ["what the column holds", "ce que contient la colonne"]),
    col("columns.csv", "name", "nom_en_anglais", ["the column's header in an English report (written in a report of another language only)", "nom de la colonne dans un rapport en anglais (--lang en) et dans la documentation"]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_is_defined_once_with_a_label_in_every_language() {
        for (i, c) in COLUMNS.iter().enumerate() {
            assert!(
                COLUMNS[..i]
                    .iter()
                    .all(|d| (d.file, d.name) != (c.file, c.name)),
                "{} {} twice",
                c.file,
                c.name
            );
            for lang in Lang::ALL {
                assert!(
                    !c.label(lang).trim().is_empty(),
                    "{} {} {lang:?}",
                    c.file,
                    c.name
                );
            }
            assert_ne!(
                c.label(Lang::En),
                c.label(Lang::Fr),
                "{} {}",
                c.file,
                c.name
            );
        }
    }

    /// A header names one column of its file in any language: a program reading a report back
    /// ([`by_header`]) finds the column whatever the report's language.
    #[test]
    fn every_header_names_one_column_of_its_file() {
        for c in COLUMNS {
            for lang in Lang::ALL {
                let h = c.header(lang);
                assert!(
                    !h.trim().is_empty() && !h.contains([',', ';', '"', ' ']),
                    "{h:?}"
                );
                let same: Vec<_> = COLUMNS
                    .iter()
                    .filter(|d| d.file == c.file && Lang::ALL.iter().any(|&l| d.header(l) == h))
                    .collect();
                assert_eq!(same.len(), 1, "{} {h} names {} columns", c.file, same.len());
                assert_eq!(by_header(c.file, h).map(|d| d.name), Some(c.name));
            }
        }
        assert_eq!(
            by_header("summary.csv", "victoires_blancs").unwrap().name,
            "white_wins"
        );
        assert!(by_header("summary.csv", "nope").is_none());
    }
}
