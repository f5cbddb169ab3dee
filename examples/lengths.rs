use senet_sim::game::{play_game, Silent};
use senet_sim::rules::{Rules, VARIANTS};
use senet_sim::strategy::{RandomStrategy, Strategy};
use senet_sim::throws::{game_seed, stream, Device, SeededThrower};
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(20000);
    for v in VARIANTS
        .iter()
        .filter(|v| std::env::var("ONLY").map_or(true, |o| o == v.id))
    {
        let rules = Rules::preset(v.id).unwrap();
        let t0 = std::time::Instant::now();
        let (mut turns, mut moves, mut unf, mut maxt, mut bw) = (0u64, 0u64, 0, 0, 0u64);
        for g in 0..n {
            let seed = game_seed(1, 0, g);
            let mut th = SeededThrower::new(&Device::Coins, seed);
            let mut d = stream(seed, 2);
            let mut st: [Box<dyn Strategy>; 2] =
                [Box::new(RandomStrategy), Box::new(RandomStrategy)];
            let s = play_game(&rules, &mut st, &mut th, &mut d, &mut Silent);
            turns += s.turns as u64;
            moves += s.moves as u64;
            maxt = maxt.max(s.turns);
            if s.winner.is_none() {
                unf += 1
            }
            if s.winner == s.first {
                bw += 1
            }
        }
        let el = t0.elapsed().as_secs_f64();
        println!("{:12} mean turns {:7.1} mean moves {:7.1} max {:5} unfinished {} first-mover wins {:.3}  {:.0} games/s", v.id, turns as f64 / n as f64, moves as f64 / n as f64, maxt, unf, bw as f64 / n as f64, n as f64 / el);
    }
}
