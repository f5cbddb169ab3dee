//! The one solve API (`senet_simulation::exact::solve`): both methods agree, the listener hears the
//! iterations in order, a cancel from the listener stops a layered solve into its checkpoint,
//! and a second request resumes it to the same table, bit for bit.

use senet_engine::rules::RuleSet;
use senet_engine::throws::Device;
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::solve::{solve, Event, Exact, Method, Plays, Request, SolveError};
use senet_simulation::PawnLimit;

/// Tejon with `pawns` a side and coins, by `method`.
fn request(pawns: u8, method: Method) -> Request {
    let rules = RuleSet {
        pawns,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    Request {
        method,
        ..Request::new(rules, Device::Coins)
    }
}

/// The table's values as bits.
fn bits(e: &Exact) -> Vec<u32> {
    e.solution.values.iter().map(|v| v.to_bits()).collect()
}

/// What the listener heard, in order: the iterations begun and done, and the groups solved.
fn heard(request: &Request, cancel: &Cancel) -> (Result<Exact, SolveError>, Vec<String>) {
    let mut seen = Vec::new();
    let exact = solve(request, cancel, &mut |e| match e {
        Event::Begins {
            pick,
            layered,
            together,
        } => seen.push(format!("begins {pick:?} {layered} {together}")),
        Event::Done(pick, _) => seen.push(format!("done {pick:?}")),
        Event::Group(pick, g) => seen.push(format!("group {pick:?} {}", g.off)),
        _ => {}
    });
    (exact, seen)
}

/// What a layered solve of tejon with 2 pawns says, both plays swept together.
const TOGETHER: [&str; 10] = [
    "begins Best true true",
    "begins Uniform true true",
    "group Best 2",
    "group Uniform 2",
    "group Best 1",
    "group Uniform 1",
    "group Uniform 0",
    "group Best 0",
    "done Best",
    "done Uniform",
];

#[test]
fn the_graph_and_the_layered_methods_give_the_same_start() {
    let (graph, seen) = heard(&request(2, Method::Graph), &Cancel::new());
    let graph = graph.unwrap();
    assert_eq!(
        seen,
        [
            "begins Best false false",
            "done Best",
            "begins Uniform false false",
            "done Uniform"
        ]
    );
    let (layered, seen) = heard(&request(2, Method::Layered), &Cancel::new());
    let layered = layered.unwrap();
    // Groups of 2, 1 and 0 pawns borne off, both plays swept together: each group of a play
    // said as it settles (optimal play's first where both settle at the same sweep; random
    // play's group of 0 settles before optimal play's).
    assert_eq!(seen, TOGETHER);
    // Apart: optimal play's groups, then random play's.
    let apart = Request {
        plays: Plays::Apart,
        ..request(2, Method::Layered)
    };
    let (one_by_one, seen) = heard(&apart, &Cancel::new());
    let one_by_one = one_by_one.unwrap();
    assert_eq!(
        seen,
        [
            "begins Best true false",
            "group Best 2",
            "group Best 1",
            "group Best 0",
            "done Best",
            "begins Uniform true false",
            "group Uniform 2",
            "group Uniform 1",
            "group Uniform 0",
            "done Uniform"
        ]
    );
    // The same values either way, bit for bit, and the same sweeps.
    assert!(bits(&layered) == bits(&one_by_one));
    let random = |e: &Exact| e.random.unwrap();
    assert_eq!(
        random(&layered).chance.to_bits(),
        random(&one_by_one).chance.to_bits()
    );
    assert_eq!(
        random(&layered).effort.sweeps,
        random(&one_by_one).effort.sweeps
    );
    assert!(random(&layered).effort.together && !random(&one_by_one).effort.together);
    assert_eq!(graph.optimal.effort.tolerance, 1e-10);
    assert_eq!(layered.optimal.effort.tolerance, 1e-9);
    // Each stopped within its tolerance of the fixed point (the changes shrink by about a
    // quarter a sweep, so a few tolerances at most).
    let (a, b) = (graph.random.unwrap(), layered.random.unwrap());
    assert!((graph.optimal.chance - layered.optimal.chance).abs() < 1e-8);
    assert!((a.chance - b.chance).abs() < 1e-8);
    // docs/solving.md: tejon with 2 pawns, 189,660 positions.
    assert_eq!(graph.solution.values.len(), 189_660);
    assert_eq!(layered.solution.values.len(), 189_660);
}

#[test]
fn a_tolerance_asked_is_the_one_kept() {
    let r = Request {
        tolerance: Some(1e-6),
        optimal_only: true,
        ..request(1, Method::Graph)
    };
    let exact = solve(&r, &Cancel::new(), &mut |_| {}).unwrap();
    assert_eq!(exact.optimal.effort.tolerance, 1e-6);
    assert!(exact.optimal.effort.last_change <= 1e-6);
    assert!(exact.random.is_none());
}

#[test]
fn a_cancel_from_the_listener_keeps_the_checkpoint_and_a_second_request_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = solve(&request(2, Method::Layered), &Cancel::new(), &mut |_| {}).unwrap();
    let r = Request {
        checkpoint: Some(tmp.path().join("c")),
        ..request(2, Method::Layered)
    };
    // Stopped after the first group of optimal play.
    let cancel = Cancel::new();
    let stopper = cancel.clone();
    let stopped = solve(&r, &cancel, &mut |e| {
        if let Event::Group(..) = e {
            stopper.cancel();
        }
    });
    match stopped {
        Err(SolveError::Stopped(dir)) => assert_eq!(dir, tmp.path().join("c")),
        other => panic!("{:?}", other.map(|e| e.optimal)),
    }
    let (resumed, seen) = heard(&r, &Cancel::new());
    let resumed = resumed.unwrap();
    // Both plays' groups of 2 settled at the same sweep, before the stop was heard.
    assert_eq!(
        &seen[..3],
        [
            "begins Best true true",
            "begins Uniform true true",
            "group Best 1"
        ]
    );
    assert!(
        bits(&whole) == bits(&resumed),
        "the same table, bit for bit"
    );
    assert_eq!(
        whole.optimal.chance.to_bits(),
        resumed.optimal.chance.to_bits()
    );
}

#[test]
fn requests_the_solver_cannot_take_are_refused_before_any_work() {
    // No pawns is not a rule set at all: it is not checked into `Rules`, so no request holds it.
    assert!(Variant::TEJON.rules().with(|r| r.pawns = 0).is_err());
    let e = solve(&request(5, Method::Auto), &Cancel::new(), &mut |_| {}).unwrap_err();
    assert!(
        matches!(
            e,
            SolveError::TooManyPawns {
                pawns: 5,
                limit: PawnLimit::Solver
            }
        ),
        "{e}"
    );
    let mut heard = false;
    let e = solve(&request(4, Method::Graph), &Cancel::new(), &mut |_| {
        heard = true
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            SolveError::TooManyPawns {
                pawns: 4,
                limit: PawnLimit::Graph
            }
        ),
        "{e}"
    );
    assert!(!heard, "nothing begun");
    let cancelled = Cancel::new();
    cancelled.cancel();
    let e = solve(&request(1, Method::Graph), &cancelled, &mut |_| {}).unwrap_err();
    assert!(matches!(e, SolveError::Interrupted), "{e}");
}
