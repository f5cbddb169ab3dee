//! The lesson's page (`web/index.html`, its engine `web/senet.wasm`): opened as committed from
//! `file://` in headless Chromium with no network, given a class's counts, it shows the
//! library's frequencies and p̂, and throws and games that are `senet-sim`'s for the same seed.

use senet_engine::board::Side;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The page's DOM once its script has run, in the browser profile `profile`, no network.
fn page(hash: &str, profile: &Path) -> String {
    let url = format!("file://{}#{hash}", root().join("web/index.html").display());
    let o = std::process::Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .args([
            "--disable-background-networking",
            "--disable-component-update",
        ])
        .args([
            "--disable-sync",
            "--no-first-run",
            "--proxy-server=127.0.0.1:9",
        ])
        .arg("--virtual-time-budget=20000")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .output()
        .expect("chromium");
    String::from_utf8_lossy(&o.stdout).replace("&nbsp;", "\u{a0}")
}

#[test]
#[ignore = "needs Chromium: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn the_page_shows_the_librarys_figures_and_senet_sims_simulations() {
    let tmp = tempfile::tempdir().unwrap();
    let profile = tmp.path().join("profile");
    let class = std::fs::read_to_string(root().join("tests/fixtures/classe-batonnets-60.csv"));
    let groups: Vec<String> = (class.unwrap().lines().skip(1))
        .map(|l| l.split(';').skip(1).collect::<Vec<_>>().join(","))
        .collect();
    // Typed group by group through the page's own controls, then throws and games simulated.
    let hash = format!("saisir={}&lancers=100000&parties=1000", groups.join(";"));
    let dom = page(&hash, &profile);
    assert!(dom.contains("data-ready=\"yes\""), "{dom}");
    // The class's frequencies and p̂: 942 flat faces of 1,600 sticks (the library's).
    for f in ["0,140", "0,360", "0,345", "0,115", "0,040"] {
        assert!(
            dom.contains(&format!("<td class=\"freq\">{f}</td>")),
            "{f}: {dom}"
        );
    }
    assert!(dom.contains("data-p=\"0.58875\""), "{dom}");
    assert!(
        dom.contains("<strong>Équiprobable ou non ? Non.</strong>"),
        "{dom}"
    );
    // 100,000 throws of sticks p = 0.6, seed 1: senet-sim throws' counts, exactly.
    let rules = senet_engine::variants::Variant::TEJON.rules();
    let device = senet_engine::throws::Device::Sticks { p_marked: 0.6 };
    let mut thrower =
        senet_engine::throws::SeededThrower::new(&device, senet_engine::throws::game_seed(1, 0, 0));
    let mut counts = [0u64; 7];
    for _ in 0..100_000 {
        use senet_engine::throws::Thrower;
        counts[rules.throw_values[thrower.throw_marked() as usize] as usize] += 1;
    }
    for v in rules.possible_values() {
        let shown = format!("{}", counts[v as usize]);
        let shown = if shown.len() > 3 {
            format!(
                "{}\u{202f}{}",
                &shown[..shown.len() - 3],
                &shown[shown.len() - 3..]
            )
        } else {
            shown
        };
        assert!(
            dom.contains(&format!("<td class=\"count\">{shown}</td>")),
            "{v}: {shown}: {dom}"
        );
    }
    // 1,000 games of the first variant (passage), seed 1: the run's white wins, exactly.
    let arm = senet_simulation::input::scenario::Arm::preset(
        "p",
        senet_engine::variants::Variant::PASSAGE,
    );
    let games = senet_simulation::play::runner::first_games(&arm, 0, 1, 1000);
    let white = games
        .iter()
        .filter(|(_, s)| s.winner == Some(Side::White))
        .count();
    assert!(
        dom.contains(&format!("<td>les blancs gagnent</td><td>{white} (")),
        "{white}: {dom}"
    );
    // Opened again without the counts in the address: the browser kept them; the slider
    // moved to 0.55 compares the class with sticks of 0.55 (the library's law).
    let again = page("curseur=0.55", &profile);
    assert!(again.contains("<td class=\"freq\">0,360</td>"), "{again}");
    assert!(again.contains("bâtonnets p = 0,55"), "{again}");
    let law = senet_classroom::law(
        &rules,
        &senet_engine::throws::Device::Sticks { p_marked: 0.55 },
        &rules.possible_values(),
    );
    let shown = format!("<td>{:.3}</td></tr>", law[0]).replace('.', ",");
    assert!(again.contains(&shown), "{shown}: {again}");
}

#[test]
#[ignore = "needs a wasm32 toolchain and Chromium: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn a_fresh_build_of_the_pages_engine_gives_the_committed_pages_figures() {
    // Built as a teacher never needs to: scripts/build-web.sh into a temporary folder. Its bytes
    // depend on where and with which compiler it is built (the standard library's symbols are
    // named by a hash of the build's settings), so what is compared is what a teacher sees: the
    // committed page and the same page on the fresh module, given the same class, throws and
    // games, show the same DOM to the byte.
    let tmp = tempfile::tempdir().unwrap();
    let fresh = tmp.path().join("web");
    let o = std::process::Command::new("bash")
        .arg(root().join("scripts/build-web.sh"))
        .env("WEB_OUT", &fresh)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["index.html", "senet.js"] {
        std::fs::copy(root().join("web").join(f), fresh.join(f)).unwrap();
    }
    let hash = "classe=3,19,19,5,4;5,18,18,5,4;8,21,14,7,0&p=0.55&lancers=100000&parties=1000&regles=kendall";
    let dom = |dir: &Path, profile: &str| {
        let url = format!("file://{}#{hash}", dir.join("index.html").display());
        let o = std::process::Command::new("chromium")
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
            .args(["--no-first-run", "--proxy-server=127.0.0.1:9"])
            .arg("--virtual-time-budget=20000")
            .arg(format!(
                "--user-data-dir={}",
                tmp.path().join(profile).display()
            ))
            .arg(url)
            .output()
            .expect("chromium");
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let (committed, built) = (dom(&root().join("web"), "a"), dom(&fresh, "b"));
    assert!(committed.contains("data-ready=\"yes\"") && committed.contains("class=\"count\""));
    assert!(
        committed == built,
        "the fresh module's page differs from the committed one"
    );
}
