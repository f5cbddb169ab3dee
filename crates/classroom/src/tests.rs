//! The lesson's logic on fair and biased classes, and class files as teachers write them.

use super::*;
use senet_engine::rules::Rules;
use senet_engine::throws::{Device, SeededThrower, Thrower};
use std::path::Path;

const VALUES: [u8; 5] = [1, 2, 3, 4, 6];

fn kendall() -> Rules {
    Rules::preset("kendall").unwrap()
}

/// A class of `groups` groups of `each` throws of sticks of probability `p`, seeded.
fn class_file(groups: u64, each: usize, p: f64) -> String {
    let rules = kendall();
    let mut text = String::from("groupe;1;2;3;4;6\n");
    for g in 0..groups {
        let mut thrower = SeededThrower::new(&Device::Sticks { p_marked: p }, 77 + g);
        let mut counts = [0u64; 5];
        for _ in 0..each {
            let v = rules.throw_values[thrower.throw_marked() as usize];
            counts[VALUES.iter().position(|&x| x == v).unwrap()] += 1;
        }
        let cells: Vec<String> = counts.iter().map(u64::to_string).collect();
        text += &format!("Groupe {};{}\n", g + 1, cells.join(";"));
    }
    text
}

/// The lesson's five objects: coins and sticks of 40 % to 70 %.
fn objects() -> Vec<Object> {
    let rules = kendall();
    let mut out = vec![Object {
        name: "pièces".into(),
        law: law(&rules, &Device::Coins, &VALUES),
    }];
    for p in [40, 50, 60, 70] {
        out.push(Object {
            name: format!("bâtonnets {p} %"),
            law: law(
                &rules,
                &Device::Sticks {
                    p_marked: p as f64 / 100.0,
                },
                &VALUES,
            ),
        });
    }
    out
}

fn parse_text(text: &str) -> Result<ClassFile, ClassFileError> {
    parse(Path::new("classe.csv"), text.as_bytes(), &VALUES)
}

fn analysis_of(text: &str) -> Analysis {
    let file = parse_text(text).unwrap();
    analyse(&file.class, &kendall(), &Device::Coins, &objects())
}

#[test]
fn a_biased_class_is_named_sticks_of_sixty_percent() {
    let a = analysis_of(&class_file(8, 50, 0.6));
    assert_eq!(a.throws, 400);
    let e = a.estimate.as_ref().unwrap();
    assert_eq!(e.sticks, 1600);
    // p̂ within its interval of the true 0.6, and that interval half-wide 1/√1600 = 0.025.
    assert!(e.interval.0 <= 0.6 && 0.6 <= e.interval.1, "{e:?}");
    assert!((e.interval.1 - e.interval.0 - 0.05).abs() < 1e-9);
    assert!(!(e.interval.0..=e.interval.1).contains(&0.5));
    assert_eq!(a.closest_names(), ["bâtonnets 60 %"]);
    assert!(a.fits[3].fits && !a.fits[0].fits);
    assert!(a.equiprobable.rejected);
    let fr = Lang::Fr;
    let estimate = a.estimate_sentence(fr).unwrap();
    assert!(estimate.contains("environ 6 fois sur 10"), "{estimate}");
    assert!(estimate.contains("ne comprend pas 0,5"), "{estimate}");
    let closest = a.closest_sentence(fr).unwrap();
    assert!(
        closest.contains("«\u{a0}bâtonnets 60 %\u{a0}»") && closest.contains("le hasard explique"),
        "{closest}"
    );
    let caption = a.pooled_caption("pièces", fr);
    assert!(
        caption.contains("se stabilisent près des probabilités de «\u{a0}bâtonnets 60 %"),
        "{caption}"
    );
}

#[test]
fn a_fair_class_is_like_coins_and_sticks_of_fifty_percent() {
    let a = analysis_of(&class_file(8, 50, 0.5));
    assert_eq!(a.closest_names(), ["pièces", "bâtonnets 50 %"]);
    let e = a.estimate.as_ref().unwrap();
    assert!((e.interval.0..=e.interval.1).contains(&0.5), "{e:?}");
    let s = a.estimate_sentence(Lang::Fr).unwrap();
    assert!(
        s.contains("environ 5 fois sur 10") && s.contains("Cela comprend 0,5"),
        "{s}"
    );
    let c = a.closest_sentence(Lang::Fr).unwrap();
    assert!(c.contains("(les mêmes probabilités)"), "{c}");
}

#[test]
fn a_class_far_from_every_object_is_told_so() {
    // Equiprobable throws: no stick of any probability gives 80 of each value.
    let a = analysis_of("g;1;2;3;4;6\nA;80;80;80;80;80\n");
    assert!(a.settles_near().is_none());
    assert!(!a.equiprobable.rejected);
    let caption = a.pooled_caption("pièces", Lang::Fr);
    assert!(
        caption.contains("ne se rapprochent des probabilités d'aucun"),
        "{caption}"
    );
    assert!(!caption.contains("se stabilisent"));
    let c = a.closest_sentence(Lang::En).unwrap();
    assert!(c.contains("too large for chance"), "{c}");
    assert!(a
        .answer(Lang::Fr)
        .contains("On ne peut pas encore conclure"));
    // « (1 groupe) », not « (1 groupes) ».
    assert!(
        a.answer(Lang::Fr).contains("(1 groupe)"),
        "{}",
        a.answer(Lang::Fr)
    );
}

#[test]
fn example_groups_give_no_verdict() {
    let text =
        "groupe;1;2;3;4;6\nGroupe 1 (exemple);16;15;11;3;5\nGroupe 2 (exemple);6;19;16;3;6\n";
    let a = analysis_of(text);
    assert!(a.example);
    let answer = a.answer(Lang::Fr);
    assert!(
        answer.starts_with("**Ces lancers sont des exemples"),
        "{answer}"
    );
    assert!(!answer.contains("Non.") && !answer.contains("Oui"));
    assert!(a.estimate_sentence(Lang::Fr).is_none() && a.closest_sentence(Lang::Fr).is_none());
}

#[test]
fn spreadsheet_files_are_decoded() {
    let text = "Groupe;1;2;3;4;6\r\nÉlèves de Zoé;10;15;9;4;2\r\n";
    // French Excel's « CSV (séparateur : point-virgule) »: Windows-1252.
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(text);
    let f = parse(Path::new("c.csv"), &bytes, &VALUES).unwrap();
    assert_eq!(
        (f.class.groups[0].name.as_str(), f.encoding),
        ("Élèves de Zoé", "windows-1252")
    );
    // « Texte Unicode »: UTF-16 with its mark, tab-separated.
    let tabbed = text.replace(';', "\t");
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(tabbed.encode_utf16().flat_map(u16::to_le_bytes));
    let f = parse(Path::new("c.csv"), &utf16, &VALUES).unwrap();
    assert_eq!(
        (f.class.groups[0].counts.clone(), f.encoding),
        (vec![10, 15, 9, 4, 2], "UTF-16LE")
    );
    // UTF-8 with its mark, commas and quotes; columns in any order.
    let f = parse_text("\u{feff}\"group\",6,4,3,2,1\n\"A, B\",2,4,9,15,10\n").unwrap();
    assert_eq!(f.class.groups[0].name, "A, B");
    assert_eq!(f.class.groups[0].counts, vec![10, 15, 9, 4, 2]);
}

#[test]
fn a_total_row_or_column_is_checked_and_left_out() {
    let f =
        parse_text("g;1;2;3;4;6;Total\nA;10;15;9;4;2;40\nB;8;1;12;5;1;27\nTotal;18;16;21;9;3;67\n")
            .unwrap();
    assert_eq!(f.class.groups.len(), 2);
    assert_eq!(f.class.throws(), 67);
    assert_eq!(
        f.warnings,
        [
            Warning::TotalColumn { column: 7 },
            Warning::TotalRow { line: 4 }
        ]
    );
    let said = f.warnings[1].message(Path::new("classe.csv"), Lang::Fr);
    assert!(
        said.starts_with("classe.csv, ligne 4 : ligne « Total » reconnue"),
        "{said}"
    );
    // A wrong total row, or a row's wrong total, is refused where it is wrong.
    let e =
        parse_text("g;1;2;3;4;6\nA;10;15;9;4;2\nB;8;1;12;5;1\nTOTAL;18;16;20;9;3\n").unwrap_err();
    assert_eq!(e.message(Lang::Fr), "classe.csv, ligne 4, colonne 4 : ligne « Total » : 20 pour l'issue 3, mais les groupes au-dessus en font 21");
    let e = parse_text("g;1;2;3;4;6;total\nA;10;15;9;4;2;41\n").unwrap_err();
    assert!(
        matches!(
            e.fault(),
            Some(Fault::WrongRowTotal {
                written: 41,
                sum: 40
            })
        ),
        "{e}"
    );
}

#[test]
fn probable_mistakes_are_refused_naming_line_and_column() {
    let fr = |t: &str| parse_text(t).unwrap_err().message(Lang::Fr);
    assert_eq!(fr("g;1;2;3;4;6\nGroupe;40\n"), "classe.csv, ligne 2 : 2 cases au lieu de 6 : ligne incomplète (écrire 0 pour une issue jamais obtenue)");
    assert_eq!(fr("g;1;2;3;4;6\nA;1;;3;4;5\n"), "classe.csv, ligne 2, colonne 3 : case vide pour l'issue 2 : écrire 0 si le groupe ne l'a jamais obtenue");
    assert_eq!(fr("g;1;2;3;4;6\nA;1;2;3;4;5\nA;1;2;3;4;5\n"), "classe.csv, ligne 3, colonne 1 : le groupe « A » est déjà à la ligne 2 : un groupe compté deux fois ?");
    assert_eq!(fr("g;1;2;3;4;6\n;1;2;3;4;5\n"), "classe.csv, ligne 2, colonne 1 : un groupe sans nom : écrire son nom dans la première colonne");
    for bad in ["-3", "7.9", "1e2", "1,5", "douze"] {
        let e = parse_text(&format!("g;1;2;3;4;6\nA;1;{bad};3;4;5\n")).unwrap_err();
        assert_eq!(e.fault(), Some(&Fault::BadCount(bad.to_string())), "{bad}");
    }
    let e = parse_text("g;1;2;3;4;6\nA;18446744073709551615;1;0;0;0\n").unwrap_err();
    assert!(matches!(e.fault(), Some(Fault::Overflow(_))), "{e}");
    let e = parse_text("g;1;2;3;4;6\nA;99999999999999999999;1;0;0;0\n").unwrap_err();
    assert!(matches!(e.fault(), Some(Fault::Overflow(_))), "{e}");
    assert_eq!(
        parse_text("g;1;2;3;4;5\nA;1;1;1;1;1\n")
            .unwrap_err()
            .to_string(),
        "classe.csv:1: column 6: '5' is not a value this device can give"
    );
    assert!(matches!(
        parse_text("").unwrap_err().fault(),
        Some(Fault::Empty)
    ));
    assert!(matches!(
        parse_text("g;1;2;3;4;6\n").unwrap_err().fault(),
        Some(Fault::Empty)
    ));
    // A stray `"` before a group's name: refused on its line, the groups after it not lost.
    let stray = "g;1;2;3;4;6\nA;1;2;3;4;5\n\"B;1;2;3;4;5\n\"C\";1;2;3;4;5\nD;1;1;1;1;1\n";
    let e = parse_text(stray).unwrap_err();
    assert!(matches!(e.fault(), Some(Fault::OpenQuote)), "{e}");
    assert!(e.to_string().starts_with("classe.csv:3: column 1:"), "{e}");
    assert!(matches!(
        parse_text("g;1;2;3;4;6\nA;1;2;3;4;5\n\"B;1;2;3;4;5\nD;1;1;1;1;1\n")
            .unwrap_err()
            .fault(),
        Some(Fault::OpenQuote)
    ));
    assert!(matches!(
        parse_text("g;1;2;3;4;6\nA;0;0;0;0;0\n")
            .unwrap_err()
            .fault(),
        Some(Fault::NoThrows)
    ));
    assert!(matches!(
        parse_text("g;1;2;3;4\nA;1;2;3;4\n").unwrap_err().fault(),
        Some(Fault::Missing(6))
    ));
    assert!(matches!(
        parse_text("g;1;2;2;4;6\nA;1;2;3;4;5\n")
            .unwrap_err()
            .fault(),
        Some(Fault::Twice(2))
    ));
    assert!(matches!(
        parse_text("g;1;2;3;4;6\nA;1;2;3;4;5;7\n")
            .unwrap_err()
            .fault(),
        Some(Fault::Wide { .. })
    ));
    // A spreadsheet's whole number and its extra separators are fine; blank lines are skipped.
    let f = parse_text("g;1;2;3;4;6;;\n\nA;1,0;2;3;4;5;;\n;;;;;\n").unwrap();
    assert_eq!(f.class.groups[0].counts, vec![1, 2, 3, 4, 5]);
    assert_eq!(f.class.groups[0].line, 3);
}

#[test]
fn pooling_adds_the_groups_in_file_order() {
    let f = parse_text("g;1;2;3;4;6\nA;10;15;9;4;2\nB;8;0;12;5;1\n").unwrap();
    assert_eq!(
        f.class.pooled(),
        vec![vec![10, 15, 9, 4, 2], vec![18, 15, 21, 9, 3]]
    );
    assert_eq!(f.class.totals(), vec![18, 15, 21, 9, 3]);
    assert!(!f.class.is_example());
}
