//! What pupils read of an [`Analysis`], at a troisième's level: the answer first (« oui »,
//! « non » or « on ne peut pas encore conclure »), then its figures, rounded as a pupil rounds.
//! The report, and a page that calls this library, print these sentences as they are.

use crate::analysis::Analysis;
use crate::words::Lang;

/// The sentences a page fills in itself as counts are typed (the live form), by key: `no` and
/// `unknown` (equiprobable or not), `estimate` (the sticks' p̂), `fair` and `unfair` (whether
/// its interval holds 0.5). Each `{name}` is filled by [`fill`]; [`Analysis::answer`] and
/// [`Analysis::estimate_sentence`] fill the same ones.
pub fn templates(l: Lang) -> [(&'static str, &'static str); 8] {
    match l {
        Lang::Fr => [
            ("no", "**Équiprobable ou non ? Non.** Si les {k} issues étaient équiprobables, chacune sortirait environ une fois sur {k} (fréquence {e}). Dans les {n} lancers de la classe ({g}), l'issue {v} est sortie {c} fois : une fréquence de {f}, trop loin de {e} pour venir du hasard. En effet, en {n} lancers d'issues équiprobables, la fréquence d'une issue est presque toujours entre {lo} et {hi}."),
            ("unknown", "**Équiprobable ou non ? On ne peut pas encore conclure.** Dans les {n} lancers de la classe ({g}), chaque issue a une fréquence entre {lo} et {hi}, ce que le hasard donne souvent même quand les {k} issues sont équiprobables (fréquence {e} chacune) : il faut réunir plus de lancers."),
            ("estimate", "**Les bâtonnets de la classe tombent sur la face plate environ {tenths} fois sur 10.** Sur les {sticks} bâtonnets lancés ({n} lancers de 4 bâtonnets), {marked} sont tombés sur la face plate : une proportion de {p}. Le hasard fait varier cette proportion d'environ 1 ÷ √{sticks} = {half} : la probabilité qu'un bâtonnet de la classe tombe sur la face plate est très probablement entre {lo} et {hi}."),
            ("fair", "Cela comprend 0,5 : les bâtonnets de la classe peuvent être équilibrés comme des pièces."),
            ("unfair", "Cela ne comprend pas 0,5 : les bâtonnets de la classe ne sont pas équilibrés comme des pièces."),
            ("closest", "**À quoi ressemblent les lancers de la classe ?** Parmi les objets simulés, c'est {names} dont les probabilités sont les plus proches des fréquences de la classe : l'écart le plus grand, pour l'issue {v}, est de {gap} ({f} dans la classe, {p} exactement), ce que le hasard explique."),
            ("closest_far", "**À quoi ressemblent les lancers de la classe ?** Parmi les objets simulés, c'est {names} dont les probabilités sont les plus proches des fréquences de la classe, mais l'écart le plus grand, pour l'issue {v}, est de {gap} ({f} dans la classe, {p} exactement) : trop grand pour le hasard. Aucun des objets simulés ne lance tout à fait comme la classe."),
            ("same", "les mêmes probabilités"),
        ],
        Lang::En => [
            ("no", "**Equiprobable or not? No.** Were the {k} values equiprobable, each would come about once in {k} throws (frequency {e}). In the class's {n} throws ({g}), the value {v} came {c} times: a frequency of {f}, too far from {e} to be chance. Indeed, in {n} throws of equiprobable values, a value's frequency is almost always between {lo} and {hi}."),
            ("unknown", "**Equiprobable or not? Not yet known.** In the class's {n} throws ({g}), every value's frequency lies between {lo} and {hi}, as chance often gives even when the {k} values are equiprobable (frequency {e} each): pool more throws."),
            ("estimate", "**The class's sticks fall on their flat face about {tenths} times in 10.** Of the {sticks} sticks thrown ({n} throws of 4 sticks), {marked} fell on their flat face: a proportion of {p}. Chance moves this proportion by about 1 ÷ √{sticks} = {half}: the probability that one of the class's sticks falls on its flat face is very probably between {lo} and {hi}."),
            ("fair", "That includes 0.5: the class's sticks may be as fair as coins."),
            ("unfair", "That leaves out 0.5: the class's sticks are not as fair as coins."),
            ("closest", "**What do the class's throws resemble?** Of the simulated objects, {names} has the probabilities closest to the class's frequencies: the largest gap, for the value {v}, is {gap} ({f} in the class, exactly {p}), which chance explains."),
            ("closest_far", "**What do the class's throws resemble?** Of the simulated objects, {names} has the probabilities closest to the class's frequencies, but the largest gap, for the value {v}, is {gap} ({f} in the class, exactly {p}): too large for chance. None of the simulated objects throws quite like the class."),
            ("same", "the same probabilities"),
        ],
    }
}

/// The template of `key` in `l` (empty for an unknown key).
fn template(key: &str, l: Lang) -> &'static str {
    templates(l).iter().find(|t| t.0 == key).map_or("", |t| t.1)
}

/// `template` with each `{name}` replaced by its value in `args`.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// « 1 groupe », « 8 groupes ».
fn groups(n: usize, l: Lang) -> String {
    match (l, n) {
        (Lang::Fr, 1) => "1 groupe".into(),
        (Lang::Fr, n) => format!("{n} groupes"),
        (Lang::En, 1) => "1 group".into(),
        (Lang::En, n) => format!("{n} groups"),
    }
}

/// Names as one object, or several with the same law.
fn objects(names: &[String], l: Lang) -> String {
    match names.len() {
        1 => l.quote(&names[0]),
        _ => format!("{} ({})", l.list(names), template("same", l)),
    }
}

impl Analysis {
    /// « Équiprobable ou non ? » answered from the class's throws; for the kit's example
    /// groups, that they are examples and no answer.
    pub fn answer(&self, l: Lang) -> String {
        let (n, k, g) = (
            l.int(self.throws),
            self.values.len(),
            groups(self.groups, l),
        );
        if self.example {
            return match l {
                Lang::Fr => format!("**Ces lancers sont des exemples, pas ceux de votre classe.** Les {g} de `classe.csv` sont des lancers simulés, fournis avec le kit : la réponse à « équiprobable ou non ? » viendra des lancers de votre classe. Écrivez les effectifs de vos groupes dans le formulaire « Les effectifs de la classe, en direct » ou dans `classe.csv`."),
                Lang::En => format!("**These throws are examples, not your class's.** The {g} of `classe.csv` are simulated throws shipped with the kit: the answer to \"equiprobable or not?\" will come from your class's throws. Type your groups' counts into the form \"The class's counts, live\" or into `classe.csv`."),
            };
        }
        let eq = &self.equiprobable;
        let (e, lo, hi) = (
            l.num(eq.p, 2),
            l.num(eq.interval.0, 2),
            l.num(eq.interval.1, 2),
        );
        let (v, c) = (self.values[eq.furthest], l.int(self.counts[eq.furthest]));
        let f = l.num(self.frequencies[eq.furthest], 2);
        let (k, v) = (k.to_string(), v.to_string());
        let args = [
            ("k", &*k),
            ("e", &*e),
            ("n", &*n),
            ("g", &*g),
            ("v", &*v),
            ("c", &*c),
        ];
        let args = [&args[..], &[("f", &*f), ("lo", &*lo), ("hi", &*hi)]].concat();
        fill(
            template(if eq.rejected { "no" } else { "unknown" }, l),
            &args,
        )
    }

    /// How often the class's sticks fall on their flat face, in words, with the interval where
    /// their probability very probably lies and whether that is a coin's 1/2.
    pub fn estimate_sentence(&self, l: Lang) -> Option<String> {
        let s = self.shown_estimate()?;
        let tenths = (s.p * 10.0).round() as u64;
        let (sticks, marked, n) = (l.int(s.sticks), l.int(s.marked), l.int(self.throws));
        let (p, lo, hi) = (
            l.num(s.p, 2),
            l.num(s.interval.0, 2),
            l.num(s.interval.1, 2),
        );
        let half = l.num(1.0 / (s.sticks as f64).sqrt(), 3);
        let fair = (s.interval.0..=s.interval.1).contains(&0.5);
        let tenths = tenths.to_string();
        let args = [
            ("tenths", &*tenths),
            ("sticks", &*sticks),
            ("n", &*n),
            ("marked", &*marked),
        ];
        let args = [
            &args[..],
            &[("p", &*p), ("half", &*half), ("lo", &*lo), ("hi", &*hi)],
        ]
        .concat();
        let mut out = fill(template("estimate", l), &args);
        out.push(' ');
        out.push_str(template(if fair { "fair" } else { "unfair" }, l));
        Some(out)
    }

    /// Which simulated object throws like the class, with the largest gap and whether chance
    /// explains it.
    pub fn closest_sentence(&self, l: Lang) -> Option<String> {
        let &first = self.closest.first().filter(|_| !self.example)?;
        let fit = &self.fits[first];
        let names = objects(&self.closest_names(), l);
        let (v, gap) = (self.values[fit.at], l.num(fit.gap, 2));
        let f = l.num(self.frequencies[fit.at], 2);
        let p = l.num(self.objects[first].law[fit.at], 3);
        let key = if fit.fits { "closest" } else { "closest_far" };
        let (v, p) = (v.to_string(), p.as_str());
        let args = [
            ("names", names.as_str()),
            ("v", &v),
            ("gap", &gap),
            ("f", &f),
            ("p", p),
        ];
        Some(fill(template(key, l), &args))
    }

    /// The caption of the pooled chart, true of the data: the frequencies settle near the
    /// closest object's probabilities only when the class fits them. `drawn` names the object
    /// whose probabilities the chart draws when the class fits none.
    pub fn pooled_caption(&self, drawn: &str, l: Lang) -> String {
        let start = match self.example {
            false => l.pick(
                "The class's frequencies as the groups are pooled one after the other (file order)",
                "Les fréquences de la classe quand on réunit les groupes l'un après l'autre (dans l'ordre du fichier)",
            ),
            true => l.pick(
                "The example groups' frequencies as they are pooled one after the other",
                "Les fréquences des groupes d'exemple quand on les réunit l'un après l'autre",
            ),
        };
        let rest = match (self.settles_near(), l) {
            _ if self.example => match l {
                Lang::Fr => format!(" ; les pointillés sont les probabilités de {}.", l.quote(drawn)),
                Lang::En => format!("; the dashed lines are the probabilities of {}.", l.quote(drawn)),
            },
            (Some((_, names)), Lang::Fr) => format!(" : elles se stabilisent près des probabilités de {} (pointillés).", objects(&names, l)),
            (Some((_, names)), Lang::En) => format!(": they settle near the probabilities of {} (dashed lines).", objects(&names, l)),
            (None, Lang::Fr) => format!(" : elles ne se rapprochent des probabilités d'aucun des objets simulés ; les pointillés sont celles de {}.", l.quote(drawn)),
            (None, Lang::En) => format!(": they come close to the probabilities of none of the simulated objects; the dashed lines are those of {}.", l.quote(drawn)),
        };
        format!("{start}{rest}")
    }
}
