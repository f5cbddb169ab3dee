//! The words of the outputs in English and in French (school vocabulary: effectif, fréquence,
//! probabilité, issue, loi des grands nombres, diagramme en bâtons...), and numbers written
//! with a decimal point or a decimal comma.

/// The language of charts, the report and the column labels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// French: decimal commas, a space before %.
    Fr,
}

impl Lang {
    /// Every language, in the order of [`crate::columns::ColumnDef::labels`].
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The language of a scenario's `lang` key.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The ISO 639-1 code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The texts of this language.
    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Fr => &FR,
        }
    }

    /// `x` with `decimals` digits after the decimal point (a comma in French) and its thousands
    /// grouped ("12,345.6" or "12 345,6" with a no-break space), rounded half up as a person
    /// rounds the number as written (0.0625 is "0.063" to three decimals): `senet-classroom`'s.
    pub fn num(self, x: f64, decimals: usize) -> String {
        senet_classroom::Lang::from(self).num(x, decimals)
    }

    /// A whole number with its thousands grouped: "49,303,694" or "49 303 694".
    pub fn int(self, n: u64) -> String {
        self.num(n as f64, 0)
    }

    /// The thousands separator: "," or a no-break space.
    pub fn thousands(self) -> &'static str {
        senet_classroom::Lang::from(self).thousands()
    }

    /// The decimal mark: '.' or ','.
    pub fn decimal_mark(self) -> char {
        senet_classroom::Lang::from(self).decimal_mark()
    }

    /// `100 x` as a percentage with one decimal: "12.5%" or "12,5 %" (no-break space).
    pub fn pct(self, x: f64) -> String {
        self.pct_with(x, 1)
    }

    /// `100 x` as a percentage with `decimals` decimals.
    pub fn pct_with(self, x: f64, decimals: usize) -> String {
        match self {
            Lang::En => format!("{}%", self.num(100.0 * x, decimals)),
            Lang::Fr => format!("{}{NBSP}%", self.num(100.0 * x, decimals)),
        }
    }

    /// A name in this language's quotation marks: "name" or « name ».
    pub fn quote(self, name: &str) -> String {
        match self {
            Lang::En => format!("\"{name}\""),
            Lang::Fr => format!("«{NBSP}{name}{NBSP}»"),
        }
    }

    /// A strategy's name for a reader of this language: its id in English ("heuristic",
    /// "expectimax:1"), words in French ("heuristique", "regarde 1 lancer plus loin"), as a French
    /// report's CSV files write it; scenario files and English files keep the ids.
    pub fn strategy(self, id: &str) -> String {
        if self == Lang::En {
            return id.to_string();
        }
        let (kind, arg) = id.split_once(':').unwrap_or((id, ""));
        match (kind, arg) {
            ("random", _) => "au hasard".into(),
            ("front", _) => "le plus avancé".into(),
            ("back", _) => "le plus en arrière".into(),
            ("heuristic", "") => "heuristique".into(),
            ("heuristic", w) => format!("heuristique ({w})"),
            ("expectimax", "0") => "meilleur coup immédiat".into(),
            ("expectimax", "1") => "regarde 1 lancer plus loin".into(),
            ("expectimax", d) => format!("regarde {d} lancers plus loin"),
            ("rollout", n) => format!("{n} parties simulées"),
            ("optimal", _) => "au mieux".into(),
            _ => id.to_string(),
        }
    }

    /// A strategy's id as code in English, its name with the id beside it in French
    /// ("heuristique (`heuristic`)"), for a reader who also writes scenario files.
    pub fn strategy_with_id(self, id: &str) -> String {
        match self {
            Lang::En => format!("`{id}`"),
            Lang::Fr => format!("{} (`{id}`)", self.strategy(id)),
        }
    }

    /// A throwing device in this language ("sticks (p = 0.6)", "bâtonnets (p = 0,6)").
    pub fn device(self, d: &senet_engine::throws::Device) -> String {
        use senet_engine::throws::Device;
        match (self, d) {
            (Lang::En, Device::Sticks { p_marked }) => {
                format!("sticks (p = {})", self.tick(*p_marked))
            }
            (Lang::En, _) => d.to_string(),
            (Lang::Fr, Device::Sticks { p_marked }) => {
                format!("bâtonnets (p = {})", self.tick(*p_marked))
            }
            (Lang::Fr, Device::Coins) => "pièces".into(),
            (Lang::Fr, Device::Die) => "dé".into(),
            (Lang::Fr, Device::D4) => "dé à 4 faces".into(),
        }
    }

    /// The shortest form of `x` with up to 3 decimals ("0.25", "0,7").
    pub fn tick(self, x: f64) -> String {
        let mut s = format!("{x:.3}");
        while s.contains('.') && (s.ends_with('0') || s.ends_with('.')) {
            s.pop();
        }
        let decimals = s.split_once('.').map_or(0, |(_, f)| f.len());
        self.num(x, decimals)
    }

    /// French typography in a text: a no-break space before `: ; ? ! %` and inside « »
    /// (the spaces already there are replaced); English text is returned as it is.
    pub fn typography(self, text: &str) -> String {
        if self == Lang::En {
            return text.to_string();
        }
        let mut out = text.to_string();
        for (from, to) in [
            (" :", "\u{a0}:"),
            (" ;", "\u{a0};"),
            (" ?", "\u{a0}?"),
            (" !", "\u{a0}!"),
            (" %", "\u{a0}%"),
            ("« ", "«\u{a0}"),
            (" »", "\u{a0}»"),
        ] {
            out = out.replace(from, to);
        }
        out
    }
}

/// The no-break space of French numbers and punctuation.
pub const NBSP: &str = senet_classroom::words::NBSP;

impl From<Lang> for senet_classroom::Lang {
    fn from(l: Lang) -> Self {
        match l {
            Lang::En => senet_classroom::Lang::En,
            Lang::Fr => senet_classroom::Lang::Fr,
        }
    }
}

/// Every fixed text of the outputs. `{}` marks are filled in by the caller in order.
///
/// Each field is named after the place it is shown (`throws_title`: the title of the throws
/// chart); the English table [`Lang::En`] reads as its documentation.
#[allow(missing_docs)]
pub struct Texts {
    pub throws_title: &'static str,
    pub throws_x: &'static str,
    pub throws_y: &'static str,
    pub simulated: &'static str,
    pub exact: &'static str,
    pub throws_sentence: &'static str,
    pub running_title: &'static str,
    pub running_x: &'static str,
    pub running_y: &'static str,
    pub running_band: &'static str,
    pub running_probability: &'static str,
    pub running_school: &'static str,
    pub mean: &'static str,
    pub board_title: &'static str,
    pub board_sentence: &'static str,
    pub running_label: &'static str,
    pub running_sentence: &'static str,
    pub lengths_title: &'static str,
    pub lengths_x: &'static str,
    pub lengths_y: &'static str,
    pub lengths_sentence: &'static str,
    pub lengths_panels_sentence: &'static str,
    pub wins_title: &'static str,
    pub wins_y: &'static str,
    pub white: &'static str,
    pub black: &'static str,
    pub first_mover: &'static str,
    pub draws_left_out: &'static str,
    pub wins_sentence: &'static str,
    pub squares_title: &'static str,
    pub squares_x: &'static str,
    pub squares_y: &'static str,
    pub squares_sentence: &'static str,
    pub scenario_line: &'static str,
    pub games_per_arm: &'static str,
    pub summary_header: &'static str,
    pub summary_note: &'static str,
    pub metrics_title: &'static str,
    pub metrics_note: &'static str,
    pub charts: &'static str,
    pub question_title: &'static str,
    pub all_figures: &'static str,
    pub reproduce: &'static str,
    pub rules_title: &'static str,
    pub rules_note: &'static str,
    pub rules_header: &'static str,
    pub rules_unchanged: &'static str,
    pub reproduce_note: &'static str,
    /// The program and commit that wrote the report, and where the scenario is copied.
    pub made_by: &'static str,
    pub throwoff_sentence: &'static str,
    pub outside_interval: &'static str,
    pub first_thrower_sentence: &'static str,
    pub exact_sentence: &'static str,
    pub exact_best: &'static str,
    pub exact_random: &'static str,
    pub exact_holds: &'static str,
    pub exact_misses: &'static str,
    pub draws_sentence: &'static str,
    pub draws_on_extra_sentence: &'static str,
    pub thirty_sentence: &'static str,
    pub tournament: &'static str,
    pub tournament_intro: &'static str,
    pub ranking_header: &'static str,
    pub anchor: &'static str,
    pub heatmap_sentence: &'static str,
    pub heatmap_title: &'static str,
    pub heatmap_subtitle: &'static str,
    pub luck: &'static str,
    pub best_beats_random: &'static str,
    pub see_luck: &'static str,
}

/// English.
pub static EN: Texts = Texts {
    throws_title: "Throw values: {}",
    throws_x: "value thrown",
    throws_y: "frequency / probability",
    simulated: "simulated ({} throws)",
    exact: "exact probability",
    throws_sentence: "Throws of {}: the simulated frequency of each value (left bar) beside its exact probability (right bar).",
    running_title: "Running frequency of {}: {}",
    running_x: "number of throws (log scale)",
    running_y: "frequency of {}",
    running_band: "95% fluctuation band p ± 1.96·√(p(1−p)/n)",
    running_probability: "probability {}",
    running_school: "fluctuation interval p ± 1/√n",
    mean: "mean {}",
    board_title: "Where the pawns stand on the board",
    board_sentence: "The board, squares in the order of the path (1 to 10, 11 to 20 from right to left, 21 to 30): on each square, the share of positions in which a pawn stands there; the darker, the more often.",
    running_label: "running frequency",
    running_sentence: "Law of large numbers, {}: the running frequency of the value {} over the first {} throws of the run closes in on its probability p. The throws' axis is logarithmic (each tick multiplies by 10). The grey lines are the fluctuation interval p ± 1/√n taught in French lycée, the green band the narrower 95% fluctuation band p ± 1.96·√(p(1−p)/n) of the normal approximation.",
    lengths_title: "Game length in turns",
    lengths_panels_sentence: "How long a game lasts, one panel per arm, each on its own scale: the share of its finished games that end in each bar of turns (the width of a bar under each panel), up to its 99th percentile (`lengths.csv` has every length).",
    lengths_x: "turns in the game (bars of {} turns)",
    lengths_y: "share of games",
    lengths_sentence: "How long a game lasts: the share of finished games that end in each bar of {} turns, up to {} turns; {} of the games (at most, per arm) last longer and are not drawn (`lengths.csv` has every length).",
    wins_title: "Who wins? (95% intervals; 50% is a fair game)",
    wins_y: "share of games won",
    white: "white",
    black: "black",
    first_mover: "first mover",
    draws_left_out: "(draws left out)",
    wins_sentence: "Who wins: the share of games won by the player who moved first (and by white where the first player is drawn at random), with 95% Wilson intervals; the grey line at 50% is a fair game.",
    squares_title: "Where the pawns stand",
    squares_x: "square along the path",
    squares_y: "share of positions occupied",
    squares_sentence: "Where the pawns stand: the share of positions with a pawn on each square, along the path.",
    scenario_line: "Scenario `{}`, seed {}.",
    games_per_arm: "{} games per arm.",
    summary_header: "| arm | variant | device | games | white wins | black wins | first mover wins | unfinished | mean turns (sd) | median turns | mean throws |",
    summary_note: "Rates are followed by their 95% Wilson interval. The tables are in `summary.csv`, `throws.csv`, `lengths.csv` (and `lengths_throws.csv`, `lengths_moves.csv`), `squares.csv`, `first_throws.csv` (the first throws, in order) and `waits.csv` (throws needed to get each value, beside the geometric law); `columns.csv` says what every column means.",
    metrics_title: "Ludii's reconstruction metrics",
    metrics_note: "The metrics the Digital Ludeme Project compares reconstructions by, under Ludii's names and as Ludii 1.3.13's code computes them (`Evaluation.java`'s `reconstructionMetrics`; a draw or an unfinished game is 0 to both players, ½ a win in AdvantageP1), with their 95% intervals: the outcome metrics and DurationTurns over every game, the move metrics over the first {} games of each arm played again with every move listed. Player 1 is the player who throws first (row \"player 1\"). DrawishnessNoTimeouts is Drawishness as its docstring says it, without the games stopped by the turn cap. `metrics.csv` and `metric_intervals.csv` have them; `columns.csv` gives the Java file of each and where senet-sim's turn and move differ from Ludii's.",
    charts: "Charts",
    question_title: "The question",
    all_figures: "All the figures",
    reproduce: "Reproduce",
    rules_title: "Rules",
    rules_note: "The whole game of each arm and tournament, its rules and its device, is a rule file in `rules/`, as `senet-sim variants --show` writes it: `senet-sim play --rules rules/NAME.toml` plays it. `rules_hash` in `summary.csv` is the start of the file's SHA-256 (`sha256sum rules/NAME.toml`): arms with the same hash play the same game.",
    rules_header: "| arm | rule file | rules_hash | variant | device | changed from the preset |",
    rules_unchanged: "nothing",
    reproduce_note: "The same command gives the same files with any `--threads`, on any machine.",
    made_by: "Written by {}. The scenario as run is copied in `scenario.toml`; `provenance.json` gives the program, the command, the seed, and each arm's rule file, hash and players (a shipped `td` network by the hash of its weights).",
    thirty_sentence: "The game length of {} rests on a reading of square 30 (`docs/rules.md`, kendall): {}",
    draws_sentence: "\"{}\" is played until both sides are out, and the side that bore off more pawns wins (pawns removed by a hit do not count): {} of {} games were drawn, {}.",
    draws_on_extra_sentence: "\"{}\" is drawn when the last pawn leaves with a throw that gives another (as Ludii scores Jéquier's end): {} of {} games were drawn, {}.",
    throwoff_sentence: "Opening throw-off, \"{}\": the player who throws first got the first {} in {} of {} games, {}; the exact probability is {}.",
    first_thrower_sentence: "Who wins the game: the player who threw first won {} of the games (`first_thrower_wins`); the side that starts, the throw-off's winner, won {}.",
    exact_sentence: "The solved game (`exact/solution.csv`): when both sides play {}, the side that starts wins with the exact probability {}. The simulation {} gives {}: {}.",
    exact_best: "their best",
    exact_random: "at random",
    exact_holds: "the 95% interval holds the exact value",
    exact_misses: "the 95% interval misses the exact value",
    outside_interval: "Here, for {}, the exact probability lies outside the 95% interval of the simulation: the frequency is {} standard errors from it. A 95% interval misses the exact value once in twenty runs on average, but a gap this large is much rarer: random throws make it about once in {} runs. It is no error in the calculation: with another seed (`--seed`) or more games, the frequency comes close to the exact probability again. A question for the class: over twenty runs, how many intervals should miss the exact value?",
    tournament: "Tournament:",
    tournament_intro: "{} games per pairing, half with each strategy as white; each game is replayed with the same throws and the seats swapped.",
    ranking_header: "| rank | strategy | Elo (± 1 se) | score |",
    anchor: "(anchor)",
    heatmap_sentence: "Each cell: the win rate of the row strategy against the column strategy, seats swapped (`tournament.csv` has the counts and 95% intervals).",
    heatmap_title: "Win rate of the row strategy against the column strategy: {}",
    heatmap_subtitle: "{} ({}), {} games per pairing, seats swapped",
    luck: "**Luck or skill?** Of {} pairs of games played with the same throws, {} were won twice by the same strategy (the players decided) and {} twice by the same colour (the throws decided, whoever played).",
    best_beats_random: " The best strategy, {}, beats `random` in {} of games [{}, {}].",
    see_luck: " See `docs/luck-and-skill.md`.",
};

/// French, in the vocabulary of the collège and lycée.
pub static FR: Texts = Texts {
    throws_title: "Issues des lancers : {}",
    throws_x: "issue",
    throws_y: "fréquence / probabilité",
    simulated: "fréquence simulée ({} lancers)",
    exact: "probabilité exacte",
    throws_sentence: "Diagramme en bâtons des lancers, {} : la fréquence simulée de chaque issue (bâton de gauche) à côté de sa probabilité exacte (bâton de droite ; pour les bâtonnets et les pièces, loi binomiale du nombre de faces marquées).",
    running_title: "Fréquence de l'issue {} au fil des lancers : {}",
    running_x: "nombre de lancers (échelle logarithmique)",
    running_y: "fréquence de l'issue {}",
    running_band: "intervalle de fluctuation à 95 % p ± 1,96·√(p(1−p)/n)",
    running_probability: "probabilité {}",
    running_school: "intervalle de fluctuation p ± 1/√n",
    mean: "moyenne {}",
    board_title: "Où sont les pions sur le plateau ?",
    board_sentence: "Le plateau, cases dans l'ordre du parcours (1 à 10, 11 à 20 de droite à gauche, 21 à 30) : sur chaque case, la fréquence des positions où un pion s'y trouve ; plus la case est foncée, plus elle est souvent occupée.",
    running_label: "fréquence cumulée",
    running_sentence: "Loi des grands nombres, {} : la fréquence de l'issue {} sur les {} premiers lancers se rapproche de sa probabilité p. L'axe des lancers est en échelle logarithmique (chaque graduation multiplie par 10). En gris, l'intervalle de fluctuation p ± 1/√n du programme de seconde ; en vert, l'intervalle de fluctuation à 95 % p ± 1,96·√(p(1−p)/n), plus étroit, calculé avec l'approximation normale.",
    lengths_title: "Durée d'une partie (en tours)",
    lengths_panels_sentence: "La durée d'une partie, une vignette par configuration, chacune à sa propre échelle : la part de ses parties terminées qui s'achèvent dans chaque barre de tours (largeur sous chaque vignette), jusqu'à son 99e centile (`lengths.csv` donne toutes les durées).",
    lengths_x: "nombre de tours de la partie (barres de {} tours)",
    lengths_y: "fréquence",
    lengths_sentence: "Durée d'une partie : la fréquence des parties terminées dans chaque barre de {} tours, jusqu'à {} tours ; {} des parties (au plus, par configuration) durent plus longtemps et ne sont pas dessinées (`lengths.csv` donne toutes les durées).",
    wins_title: "Qui gagne ? (intervalles à 95 % ; 50 % : jeu équitable)",
    wins_y: "fréquence des victoires",
    white: "blancs",
    black: "noirs",
    first_mover: "camp qui commence",
    draws_left_out: "(sans les nulles)",
    wins_sentence: "Qui gagne : la fréquence des victoires du camp qui commence, le gagnant des lancers pour commencer quand il y en a (et des blancs quand le camp qui commence est tiré au sort), avec les intervalles de confiance à 95 % ; la ligne grise à 50 % est celle d'un jeu équitable.",
    squares_title: "Où sont les pions ?",
    squares_x: "case du parcours",
    squares_y: "fréquence d'occupation",
    squares_sentence: "Où sont les pions : la fréquence des positions où un pion occupe chaque case du parcours.",
    scenario_line: "Scénario `{}`, graine {}.",
    games_per_arm: "{} parties par configuration.",
    summary_header: "| configuration | règle | dispositif | parties | victoires des blancs | victoires des noirs | victoires du camp qui commence | inachevées | tours en moyenne (écart type) | médiane des tours | lancers en moyenne |",
    summary_note: "Chaque fréquence est suivie de son intervalle de confiance à 95 %. Les tableaux sont dans `summary.csv`, `throws.csv` (effectifs, fréquences et probabilités des issues), `lengths.csv` (et `lengths_throws.csv`, `lengths_moves.csv`), `squares.csv`, `first_throws.csv` (les premiers lancers, dans l'ordre) et `waits.csv` (nombre de lancers pour obtenir chaque issue, à côté de la loi géométrique) ; `columns.csv` explique chaque colonne.",
    metrics_title: "Les mesures de reconstruction de Ludii",
    metrics_note: "Les mesures par lesquelles le Digital Ludeme Project compare les reconstructions, sous les noms de Ludii et telles que le code de Ludii 1.3.13 les calcule (les `reconstructionMetrics` de `Evaluation.java` ; une partie nulle ou inachevée vaut 0 pour les deux joueurs, une demi-victoire dans AdvantageP1), avec leurs intervalles à 95 % : les mesures d'issue et DurationTurns sur toutes les parties, les mesures des coups sur les {} premières parties de chaque configuration, rejouées en listant tous les coups. Le joueur 1 est celui qui lance en premier (ligne « joueur 1 »). DrawishnessNoTimeouts est Drawishness comme la décrit son commentaire, sans les parties arrêtées par la limite de tours. Elles sont dans `metrics.csv` et `metric_intervals.csv` ; `columns.csv` donne le fichier Java de chacune et où le tour et le coup de senet-sim diffèrent de ceux de Ludii.",
    charts: "Graphiques",
    question_title: "La question",
    all_figures: "Tous les résultats",
    reproduce: "Reproduire",
    rules_title: "Règles",
    rules_note: "Le jeu complet de chaque configuration et de chaque tournoi, ses règles et son objet de lancer, est un fichier de règles dans `rules/`, tel que `senet-sim variants --show` l'écrit : `senet-sim play --rules rules/NOM.toml` le joue. `rules_hash` dans `summary.csv` est le début du SHA-256 du fichier (`sha256sum rules/NOM.toml`) : deux configurations de même empreinte jouent le même jeu.",
    rules_header: "| configuration | fichier de règles | rules_hash | variante | objet de lancer | changé par rapport au préréglage |",
    rules_unchanged: "rien",
    reproduce_note: "La même commande donne les mêmes fichiers quel que soit `--threads`, sur toute machine.",
    made_by: "Écrit par {}. Le scénario joué est copié dans `scenario.toml` ; `provenance.json` donne le programme, la commande, la graine, et pour chaque configuration son fichier de règles, son empreinte et ses joueurs (un réseau `td` livré par l'empreinte de ses poids).",
    thirty_sentence: "La durée des parties de {} dépend d'une lecture de la case 30 (`docs/rules.md`, kendall) : {}",
    draws_sentence: "« {} » se joue jusqu'à la sortie des deux camps, et le camp qui a sorti le plus de pions gagne (les pions retirés par une prise ne comptent pas) : {} parties nulles sur {}, soit {}.",
    draws_on_extra_sentence: "« {} » est nulle quand le dernier pion sort avec un lancer qui en donne un autre (comme Ludii compte la fin de Jéquier) : {} parties nulles sur {}, soit {}.",
    throwoff_sentence: "Qui commence, « {} » : le joueur qui lance en premier a obtenu le premier {} dans {} parties sur {}, soit {} ; la probabilité exacte est {}.",
    first_thrower_sentence: "Qui gagne la partie : le joueur qui a lancé en premier a gagné {} des parties ; le camp qui commence, le gagnant des lancers pour commencer, en a gagné {}.",
    exact_sentence: "La partie résolue (`exact/solution.csv`) : quand les deux camps jouent {}, le camp qui commence gagne avec la probabilité exacte {}. La simulation {} donne {} : {}.",
    exact_best: "au mieux",
    exact_random: "au hasard",
    exact_holds: "l'intervalle à 95 % contient la valeur exacte",
    exact_misses: "l'intervalle à 95 % ne contient pas la valeur exacte",
    outside_interval: "Ici, pour {}, la probabilité exacte est hors de l'intervalle à 95 % de la simulation : la fréquence en est à {} écarts types. Un intervalle à 95 % manque la valeur exacte une fois sur vingt en moyenne, mais un écart aussi grand est bien plus rare : le hasard des lancers le produit environ une fois sur {} simulations. Ce n'est pas une erreur de calcul : avec une autre graine (`--seed`) ou plus de parties, la fréquence se rapproche à nouveau de la probabilité exacte. Une question pour la classe : sur vingt simulations, combien d'intervalles devraient manquer la valeur exacte ?",
    tournament: "Tournoi :",
    tournament_intro: "{} parties par rencontre, chaque stratégie ayant les blancs dans la moitié d'entre elles ; chaque partie est rejouée avec les mêmes lancers en échangeant les places.",
    ranking_header: "| rang | stratégie | Elo (± 1 écart type) | score |",
    anchor: "(référence)",
    heatmap_sentence: "Chaque case : la fréquence de victoire de la stratégie de la ligne contre celle de la colonne, places échangées (`tournament.csv` donne les effectifs et les intervalles à 95 %).",
    heatmap_title: "Fréquence de victoire de la ligne contre la colonne : {}",
    heatmap_subtitle: "{} ({}), {} parties par rencontre, places échangées",
    luck: "**Hasard ou stratégie ?** Sur {} paires de parties jouées avec les mêmes lancers, {} ont été gagnées deux fois par la même stratégie (les joueurs ont décidé) et {} deux fois par la même couleur (les lancers ont décidé, quel que soit le joueur).",
    best_beats_random: " La meilleure stratégie, {}, bat le jeu au hasard (`random`) dans {} des parties [{} ; {}].",
    see_luck: " Voir `docs/luck-and-skill.md`.",
};

/// Fills the `{}` marks of a template with the arguments, in order: `fill!(t.title, name, n)`.
#[macro_export]
macro_rules! fill {
    ($t:expr $(, $a:expr)* $(,)?) => {
        $crate::lang::fill_args($t, &[$(&$a as &dyn std::fmt::Display),*])
    };
}

/// Fills the `{}` marks of `template` with `args`, in order.
pub fn fill_args(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16 * args.len());
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for (i, part) in parts.enumerate() {
        if let Some(a) = args.get(i) {
            out.push_str(&a.to_string());
        }
        out.push_str(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn strategies_are_named_in_french_and_keep_their_id_in_english() {
        let fr = |id| Lang::Fr.strategy(id);
        assert_eq!(fr("random"), "au hasard");
        assert_eq!(fr("expectimax:1"), "regarde 1 lancer plus loin");
        assert_eq!(fr("expectimax:2"), "regarde 2 lancers plus loin");
        assert_eq!(fr("rollout:8"), "8 parties simulées");
        assert_eq!(fr("heuristic:pair=2"), "heuristique (pair=2)");
        assert_eq!(fr("optimal:t/table.senet"), "au mieux");
        assert_eq!(Lang::En.strategy("expectimax:1"), "expectimax:1");
        assert_eq!(
            Lang::Fr.strategy_with_id("back"),
            "le plus en arrière (`back`)"
        );
        assert_eq!(Lang::En.strategy_with_id("back"), "`back`");
    }
}
