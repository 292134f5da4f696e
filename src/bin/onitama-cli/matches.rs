//! `match`: paired games between two engines, ours at any level or another program that speaks
//! the engine protocol, from random deals (each deal twice, colours swapped).

use crate::protocol::{ExternalEngine, TABLE_MB};
use onitama::ai::exact::TableCache;
use onitama::ai::{self, Engine, Level, LevelPlayer, Limits, Options, TERMS};
use onitama::rules::{Card, CardSet, Color, Deal, Game, Move, Outcome, Pack};
use std::fs::File;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// An engine for `match`: a level, explicit limits with techniques switched off, or a command.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    text: String,
    level: Level,
    options: Options,
    /// A program speaking the engine protocol, given the level's depth or movetime.
    command: Option<String>,
    /// A search of about this many nodes a move (`nodes=`): the same games on any machine.
    nodes: Option<u64>,
    /// Positions of at most this many pieces are played from the exact tables (0: never).
    exact_pieces: u32,
}

/// The most pieces the strongest two levels play from the exact tables in `match`: every
/// material of 4 pieces costs 9 s and 102 MB once per deal (docs/engine.md, Exact endgames), and
/// is then played perfectly and at once.
pub const EXACT_PIECES: u32 = 4;

impl EngineSpec {
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let (settings, command) = match text.split_once("command=") {
            Some((settings, command)) => (settings.trim().trim_end_matches(','), Some(command.trim().to_string())),
            None => (text, None),
        };
        let mut level =
            Level { name: "custom", depth: 64, movetime_ms: None, temperature: 0.0, singular_extension: true };
        let mut exact = None;
        let mut options = Options::default();
        let mut has_limit = false;
        let mut tuned = false;
        let mut nodes = None;
        for item in settings.split(',').map(str::trim).filter(|item| !item.is_empty()) {
            let number = |value: &str| value.parse::<f64>().map_err(|_| format!("'{item}': not a number"));
            match item.split_once('=') {
                Some(("depth", value)) => {
                    level.depth = number(value)? as u32;
                    has_limit = true;
                }
                Some(("movetime", value)) => {
                    level.movetime_ms = Some(number(value)?);
                    has_limit = true;
                }
                Some(("nodes", value)) => {
                    nodes = Some(number(value)? as u64);
                    has_limit = true;
                }
                Some(("exact", value)) => {
                    let pieces = number(value)? as u32;
                    // The CLI's limit, as `tablebase`'s: 7 pieces would not fit in memory.
                    if pieces > 6 {
                        return Err(format!("engine '{text}': exact= is 0 (never) or up to 6 pieces"));
                    }
                    exact = Some(pieces);
                }
                Some(("temperature", value)) => {
                    level.temperature = number(value)?;
                    tuned = true;
                }
                Some((name, value)) => {
                    if !options.weights.set(name, number(value)? as i32) {
                        return Err(format!("unknown engine setting '{item}': weights are {}", TERMS.join(", ")));
                    }
                    tuned = true;
                }
                None => {
                    tuned = true;
                    match item {
                        "no-tt" => options.transposition_table = false,
                        "no-pvs" => options.principal_variation = false,
                        "no-aspiration" => options.aspiration = false,
                        "no-killers" => options.killers_and_history = false,
                        "no-lmr" => options.late_move_reductions = false,
                        "no-quiescence" => options.quiescence = false,
                        "no-futility" => options.futility = false,
                        "no-threat-extension" => options.threat_extension = false,
                        "no-internal-reduction" => options.internal_reduction = false,
                        "no-singular" => options.singular_extension = false,
                        name => {
                            level = Level::by_name(name).ok_or_else(|| {
                                let names: Vec<&str> = Level::ALL.iter().map(|level| level.name).collect();
                                format!(
                                    "unknown engine '{name}': use a level ({}), depth=N / movetime=MS, \
                                     or command=<program> last",
                                    names.join(", ")
                                )
                            })?;
                            has_limit = true;
                        }
                    }
                }
            }
        }
        if command.as_deref() == Some("") {
            return Err("command= needs a program".into());
        }
        if command.is_some() && (tuned || !has_limit) {
            return Err(format!("engine '{text}': a command takes only depth= or movetime=, before command="));
        }
        if !has_limit {
            return Err(format!("engine '{text}' needs a level or a depth=, movetime= or nodes= limit"));
        }
        if nodes.is_some() && (level.temperature > 0.0 || level.movetime_ms.is_some()) {
            return Err(format!("engine '{text}': nodes= goes with neither temperature= nor movetime="));
        }
        if exact.is_some() && command.is_some() {
            return Err(format!("engine '{text}': exact= is for our engine, not a command"));
        }
        // The two strongest levels play from the exact tables up to the native limit; exact=N
        // sets the limit for any engine of ours (exact=0: the search alone).
        let exact_pieces = exact.unwrap_or(if level.plays_exact_endgames() { EXACT_PIECES } else { 0 });
        Ok(EngineSpec { text: text.to_string(), level, options, command, nodes, exact_pieces })
    }

    /// The limit an external engine is given: the nodes, else the level's movetime, else its depth.
    fn limits(&self) -> Limits {
        match (self.nodes, self.level.movetime_ms) {
            (Some(nodes), _) => Limits { nodes: Some(nodes), ..Limits::default() },
            (None, Some(ms)) => Limits { movetime_ms: Some(ms), ..Limits::default() },
            (None, None) => Limits { depth: Some(self.level.depth), ..Limits::default() },
        }
    }

    /// How long an external engine may take before it forfeits: it is stuck, not slow.
    fn patience(&self) -> Duration {
        match self.level.movetime_ms {
            Some(ms) => Duration::from_secs_f64((ms * 10.0 / 1000.0).max(10.0)),
            None => Duration::from_secs(600),
        }
    }
}

/// One engine's place in one match thread: an external engine stays running between games,
/// ours starts each game afresh.
struct Seat<'a> {
    spec: &'a EngineSpec,
    player: Player,
    /// The exact tables of the deal last played, if the engine plays from them.
    tables: TableCache,
}

enum Player {
    Ours(Option<Box<LevelPlayer>>),
    External(ExternalEngine),
}

impl Seat<'_> {
    fn new_game(&mut self, seed: u64) -> Result<(), String> {
        match &mut self.player {
            Player::Ours(player) => {
                let engine = Engine::with_options(TABLE_MB, ai::system_clock, self.spec.options);
                *player = Some(Box::new(LevelPlayer::new(self.spec.level, engine, seed)));
                Ok(())
            }
            Player::External(external) => external.new_game(),
        }
    }

    /// The seat's move, and the depth its search finished if it is known (a search without
    /// chance, or an external engine that sends `info depth`).
    fn choose(&mut self, game: &Game) -> Result<(Move, Option<u32>), String> {
        match &mut self.player {
            Player::Ours(player) => {
                let player = player.as_mut().ok_or("no game started")?;
                let (earlier, current) = game.positions().split_at(game.positions().len() - 1);
                // The exact tables first, within their limit (the seat keeps the last deal's:
                // each deal is played twice).
                if self.spec.exact_pieces >= 2
                    && let Some(best) = self.tables.best_move(&current[0], earlier, self.spec.exact_pieces).ok()
                {
                    return Ok((best.0, None));
                }
                if player.level.temperature <= 0.0 {
                    // What LevelPlayer::choose does without chance, keeping the depth reached.
                    let limits = match self.spec.nodes {
                        Some(nodes) => Limits { nodes: Some(nodes), ..Limits::default() },
                        None => player.level.limits(),
                    };
                    let found = player.search(&current[0], earlier, limits);
                    return found.best.map(|best| (best, Some(found.info.depth))).ok_or_else(|| "found no move".into());
                }
                player.choose(&current[0], earlier).map(|best| (best, None)).ok_or_else(|| "found no move".to_string())
            }
            Player::External(external) => external.best_move(game, self.spec.limits(), self.spec.patience()),
        }
    }
}

enum GameEnd {
    Over(Outcome),
    PlyLimit,
    Forfeit { loser: Color, why: String },
}

#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    thinking: [Duration; 2],
    moves: [u32; 2],
    /// The depths reached, summed over the moves whose depth is known, and those moves.
    depths: [u64; 2],
    searched: [u32; 2],
}

/// How many games and how: from deals `seed`, `seed + 1`, ...
pub struct Schedule {
    pub pairs: usize,
    pub seed: u64,
    pub threads: usize,
    pub max_plies: usize,
    /// The cards the deals draw from.
    pub pool: CardSet,
}

/// `base,senseis-path` as the cards of those packs; `-turtle` leaves a card out.
pub fn parse_packs(text: &str) -> Result<CardSet, String> {
    let mut pool = CardSet::EMPTY;
    for code in text.split(',').map(str::trim) {
        if let Some(name) = code.strip_prefix('-') {
            let card = Card::from_name(name).ok_or_else(|| format!("unknown card '{name}' in '{code}'"))?;
            pool = pool.without(card);
            continue;
        }
        let pack = Pack::from_code(code).ok_or_else(|| {
            let codes: Vec<&str> = Pack::ALL.iter().map(|pack| pack.code()).collect();
            format!("unknown pack '{code}': the packs are {}", codes.join(", "))
        })?;
        pool = pool.union(pack.cards());
    }
    Ok(pool)
}

/// The packs a match deals from: at least five cards (refused now rather than at the first game).
pub fn parse_pool(text: &str) -> Result<CardSet, String> {
    let pool = parse_packs(text)?;
    Deal::from_seed_in(0, pool).map_err(|e| e.to_string())?;
    Ok(pool)
}

pub fn play_match(specs: &[EngineSpec; 2], schedule: &Schedule, records: Option<File>) -> Result<(), String> {
    let next_game = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    let records = Mutex::new(records);
    let shared = Shared { next_game: &next_game, tally: &tally, records: &records };
    std::thread::scope(|scope| {
        let workers: Vec<_> =
            (0..schedule.threads).map(|_| scope.spawn(|| play_games(specs, schedule, &shared))).collect();
        workers.into_iter().try_for_each(|worker| worker.join().unwrap_or_else(|_| Err("a match thread failed".into())))
    })?;
    let tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    let games = tally.wins + tally.draws + tally.losses;
    let score = (tally.wins as f64 + tally.draws as f64 / 2.0) / games as f64;
    // The 95% interval from the spread of the game scores.
    let variance = (tally.wins as f64 * (1.0 - score).powi(2)
        + tally.draws as f64 * (0.5 - score).powi(2)
        + tally.losses as f64 * score.powi(2))
        / games as f64;
    let margin = 1.96 * (variance / games as f64).sqrt();
    let per_move = |i: usize| tally.thinking[i].as_secs_f64() * 1000.0 / f64::from(tally.moves[i].max(1));
    println!("A = {}, B = {}", specs[0].text, specs[1].text);
    println!("time per move: A {:.1} ms, B {:.1} ms", per_move(0), per_move(1));
    if tally.searched.iter().any(|&n| n > 0) {
        let depth = |i: usize| match tally.searched[i] {
            0 => "unknown".to_string(),
            n => format!("{:.1}", tally.depths[i] as f64 / f64::from(n)),
        };
        println!("mean depth per move: A {}, B {}", depth(0), depth(1));
    }
    println!(
        "A: {} wins, {} draws, {} losses in {games} games: score {:.1}%, Elo {} (95% interval {} .. {})",
        tally.wins,
        tally.draws,
        tally.losses,
        score * 100.0,
        elo(score),
        elo(score - margin),
        elo(score + margin)
    );
    Ok(())
}

/// What the match threads share.
struct Shared<'a> {
    next_game: &'a AtomicUsize,
    tally: &'a Mutex<Tally>,
    /// Where each game's record goes, if anywhere.
    records: &'a Mutex<Option<File>>,
}

/// One thread's share of the games, taken one at a time from `next_game`.
fn play_games(specs: &[EngineSpec; 2], schedule: &Schedule, shared: &Shared) -> Result<(), String> {
    let Schedule { pairs, seed, max_plies, pool, .. } = *schedule;
    let mut seats = Vec::new();
    for spec in specs {
        let player = match spec.command.as_deref() {
            Some(command) => Player::External(ExternalEngine::start(command)?),
            None => Player::Ours(None),
        };
        seats.push(Seat { spec, player, tables: TableCache::new() });
    }
    loop {
        let index = shared.next_game.fetch_add(1, Ordering::Relaxed);
        if index >= pairs * 2 {
            return Ok(());
        }
        // Checked by `parse_packs`: the pool has five cards or more.
        let deal = Deal::from_seed_in(seed + (index / 2) as u64, pool).map_err(|e| e.to_string())?;
        // A plays the first player of the deal in even games, the other in odd ones.
        let a_color = if index.is_multiple_of(2) { deal.first_player() } else { deal.first_player().other() };
        let mut counts = Counts::default();
        let mut game = Game::from_deal(&deal);
        let end = play_game(&mut seats, &mut game, a_color, seed ^ index as u64, max_plies, &mut counts);
        let mut tally = shared.tally.lock().unwrap_or_else(|e| e.into_inner());
        for i in 0..2 {
            tally.thinking[i] += counts.thinking[i];
            tally.moves[i] += counts.moves[i];
            tally.depths[i] += counts.depths[i];
            tally.searched[i] += counts.searched[i];
        }
        let (winner, how) = match end {
            GameEnd::Over(outcome) => (outcome.winner(), outcome.to_string()),
            GameEnd::PlyLimit => (None, "no result (ply limit)".to_string()),
            GameEnd::Forfeit { loser, why } => (Some(loser.other()), format!("{loser} forfeits: {why}")),
        };
        let result = match winner {
            Some(winner) if winner == a_color => {
                tally.wins += 1;
                "A wins"
            }
            Some(_) => {
                tally.losses += 1;
                "B wins"
            }
            None => {
                tally.draws += 1;
                "draw"
            }
        };
        let summary = format!("game {:3}: A plays {a_color}: {result} ({how})", index + 1);
        println!("{summary}");
        if let Some(file) = shared.records.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            writeln!(file, "# {summary}\n{}", game.to_record()).map_err(|e| format!("cannot write a record: {e}"))?;
        }
    }
}

/// One game's time, moves and depths per seat.
#[derive(Default)]
struct Counts {
    thinking: [Duration; 2],
    moves: [u32; 2],
    depths: [u64; 2],
    searched: [u32; 2],
}

fn play_game(
    seats: &mut [Seat],
    game: &mut Game,
    a_color: Color,
    seed: u64,
    max_plies: usize,
    counts: &mut Counts,
) -> GameEnd {
    for (i, (seat, color)) in seats.iter_mut().zip([a_color, a_color.other()]).enumerate() {
        if let Err(why) = seat.new_game(seed.rotate_left(17 * i as u32)) {
            return GameEnd::Forfeit { loser: color, why };
        }
    }
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let mover = game.position().to_move();
        let i = if mover == a_color { 0 } else { 1 };
        let started = Instant::now();
        let chosen = seats[i].choose(game);
        counts.thinking[i] += started.elapsed();
        counts.moves[i] += 1;
        if let Ok((_, Some(depth))) = chosen {
            counts.depths[i] += u64::from(depth);
            counts.searched[i] += 1;
        }
        let position = *game.position();
        let played = chosen.and_then(|(m, _)| game.play(m).map_err(|e| format!("illegal move {m} in {position}: {e}")));
        if let Err(why) = played {
            return GameEnd::Forfeit { loser: mover, why };
        }
    }
    game.outcome().map_or(GameEnd::PlyLimit, GameEnd::Over)
}

fn elo(score: f64) -> String {
    if score <= 0.0 {
        return "-inf".into();
    }
    if score >= 1.0 {
        return "+inf".into();
    }
    format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10())
}
