//! `onitama-cli`: the engine on the command line: perft, legal moves, playing moves, the AI's
//! best move, a speed benchmark and matches between engines.

use clap::{Parser, Subcommand};
use onitama::ai::{self, Engine, Level, LevelPlayer, Limits, Options};
use onitama::rules::{Color, Deal, Game, Move, Outcome, Position, divide, perft};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Onitama engine tools: check move generation, list and play moves, search, measure.
#[derive(Parser)]
#[command(name = "onitama-cli", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const TABLE_MB: usize = 64;

#[derive(Subcommand)]
enum Command {
    /// Count the move paths of a given length; the count is the last line (timing goes to stderr).
    Perft {
        /// A position in position notation, e.g. "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".
        position: String,
        /// Number of plies.
        depth: u32,
        /// First print each legal move with its own count.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one per line, in move notation.
    Legal {
        /// A position in position notation.
        position: String,
    },
    /// Play moves from a position; print the resulting position and the outcome if the game ended.
    Play {
        /// A position in position notation.
        position: String,
        /// Moves in move notation, e.g. tiger:c1c3 or crab:pass.
        moves: Vec<String>,
    },
    /// Search a position: `info` lines per finished depth, then `bestmove <move>` as the last line.
    Bestmove {
        /// A position in position notation.
        position: String,
        /// Search exactly this many plies.
        #[arg(long)]
        depth: Option<u32>,
        /// Search for this many milliseconds (the default is 1000 when no limit is given).
        #[arg(long)]
        movetime: Option<f64>,
        /// Stop after about this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// Search a fixed set of positions to a fixed depth; the last line is `bench: <nodes> nodes <nps> nps`.
    Bench {
        /// Plies searched in each position.
        #[arg(long, default_value_t = 11)]
        depth: u32,
    },
    /// Play paired games between two engines from random deals (each deal twice, colours swapped).
    Match {
        /// Engine A: a level (novice, beginner, casual, apprentice, student, scholar, adept,
        /// expert, sensei, champion, elite, master), or limits and switches joined by commas: `depth=6`, `movetime=100`,
        /// `temperature=30` (the spread of a weaker choice), `no-tt`, `no-pvs`, `no-aspiration`,
        /// `no-killers`, `no-lmr`, `no-quiescence`.
        #[arg(long)]
        a: String,
        /// Engine B, written like engine A.
        #[arg(long)]
        b: String,
        /// Number of games (rounded up to an even number).
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed of the first deal.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// A game still going after this many plies is scored a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_position(text: &str) -> Result<Position, String> {
    text.parse().map_err(|e| format!("bad position \"{text}\": {e}"))
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft { position, depth, divide: per_move } => {
            let position = parse_position(&position)?;
            let started = Instant::now();
            let nodes = if per_move {
                let counts = divide(&position, depth);
                for (m, nodes) in &counts {
                    println!("{m} {nodes}");
                }
                counts.iter().map(|(_, nodes)| nodes).sum()
            } else {
                perft(&position, depth)
            };
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "perft {depth}: {nodes} leaves in {seconds:.3} s ({:.1} M leaves/s)",
                nodes as f64 / seconds.max(1e-9) / 1e6
            );
            println!("{nodes}");
        }
        Command::Legal { position } => {
            for m in &parse_position(&position)?.legal_moves() {
                println!("{m}");
            }
        }
        Command::Play { position, moves } => {
            let mut game = Game::new(parse_position(&position)?);
            for (index, text) in moves.iter().enumerate() {
                let m: Move = text.parse().map_err(|e| format!("move {}: {e}", index + 1))?;
                game.play(m).map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
            }
            println!("{}", game.position());
            if let Some(outcome) = game.outcome() {
                println!("{outcome}");
            }
        }
        Command::Bestmove { position, depth, movetime, nodes } => {
            let position = parse_position(&position)?;
            if let Some(outcome) = position.outcome() {
                return Err(format!("the game is over: {outcome}"));
            }
            let mut limits = Limits { depth, movetime_ms: movetime, nodes };
            if limits == Limits::default() {
                limits.movetime_ms = Some(1000.0);
            }
            let mut engine = Engine::new(TABLE_MB, ai::system_clock);
            let result = engine.search(&position, &[], limits, &mut |info| {
                let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
                println!(
                    "info depth {} score {} nodes {} nps {} time {:.0} pv {}",
                    info.depth,
                    info.score,
                    info.nodes,
                    info.nps(),
                    info.elapsed_ms,
                    pv.join(" ")
                );
            });
            let best = result.best.ok_or("no legal move")?;
            println!("bestmove {best}");
        }
        Command::Bench { depth } => {
            let mut total_nodes = 0;
            let mut total_ms = 0.0;
            for (index, position) in ai::bench::positions().iter().enumerate() {
                let mut engine = Engine::new(16, ai::system_clock);
                let limits = Limits { depth: Some(depth), ..Limits::default() };
                let result = engine.search(position, &[], limits, &mut |_| {});
                let best = result.best.map_or("-".to_string(), |m| m.to_string());
                println!("{:2} {position}  {best} score {} nodes {}", index + 1, result.info.score, result.info.nodes);
                total_nodes += result.info.nodes;
                total_ms += result.info.elapsed_ms;
            }
            let nps = (total_nodes as f64 * 1000.0 / total_ms.max(0.001)) as u64;
            eprintln!("bench: {:.3} s", total_ms / 1000.0);
            println!("bench: {total_nodes} nodes {nps} nps");
        }
        Command::Match { a, b, games, seed, threads, max_plies } => {
            let specs = [EngineSpec::parse(&a)?, EngineSpec::parse(&b)?];
            play_match(&specs, games.div_ceil(2), seed, threads.max(1), max_plies);
        }
    }
    Ok(())
}

/// An engine for `match`: a level, or explicit limits with techniques switched off.
#[derive(Clone, Debug)]
struct EngineSpec {
    text: String,
    level: Level,
    options: Options,
}

impl EngineSpec {
    fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut level = Level { name: "custom", depth: 64, movetime_ms: None, temperature: 0.0 };
        let mut options = Options::default();
        let mut has_limit = false;
        for item in text.split(',').map(str::trim) {
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
                Some(("temperature", value)) => level.temperature = number(value)?,
                Some(_) => return Err(format!("unknown engine setting '{item}'")),
                None => match item {
                    "no-tt" => options.transposition_table = false,
                    "no-pvs" => options.principal_variation = false,
                    "no-aspiration" => options.aspiration = false,
                    "no-killers" => options.killers_and_history = false,
                    "no-lmr" => options.late_move_reductions = false,
                    "no-quiescence" => options.quiescence = false,
                    name => {
                        level = Level::by_name(name).ok_or_else(|| {
                            let names: Vec<&str> = Level::ALL.iter().map(|level| level.name).collect();
                            format!(
                                "unknown engine '{name}': use a level ({}) or depth=N / movetime=MS",
                                names.join(", ")
                            )
                        })?;
                        has_limit = true;
                    }
                },
            }
        }
        if !has_limit {
            return Err(format!("engine '{text}' needs a level or a depth= or movetime= limit"));
        }
        Ok(EngineSpec { text: text.to_string(), level, options })
    }

    fn player(&self, seed: u64) -> LevelPlayer {
        LevelPlayer::new(self.level, Engine::with_options(TABLE_MB, ai::system_clock, self.options), seed)
    }
}

#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
}

fn play_match(specs: &[EngineSpec; 2], pairs: usize, seed: u64, threads: usize, max_plies: usize) {
    let next_game = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= pairs * 2 {
                        break;
                    }
                    let deal = Deal::from_seed(seed + (index / 2) as u64);
                    // A plays the first player of the deal in even games, the other in odd ones.
                    let a_color =
                        if index.is_multiple_of(2) { deal.first_player() } else { deal.first_player().other() };
                    let outcome = play_game(specs, &deal, a_color, seed ^ index as u64, max_plies);
                    let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                    let result = match outcome.and_then(Outcome::winner) {
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
                    let how = outcome.map_or("no result (ply limit)".to_string(), |o| o.to_string());
                    println!("game {:3}: A plays {a_color}: {result} ({how})", index + 1);
                }
            });
        }
    });
    let tally = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    let games = tally.wins + tally.draws + tally.losses;
    let score = (tally.wins as f64 + tally.draws as f64 / 2.0) / games as f64;
    // The 95% interval from the spread of the game scores.
    let variance = (tally.wins as f64 * (1.0 - score).powi(2)
        + tally.draws as f64 * (0.5 - score).powi(2)
        + tally.losses as f64 * score.powi(2))
        / games as f64;
    let margin = 1.96 * (variance / games as f64).sqrt();
    println!("A = {}, B = {}", specs[0].text, specs[1].text);
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

fn play_game(specs: &[EngineSpec; 2], deal: &Deal, a_color: Color, seed: u64, max_plies: usize) -> Option<Outcome> {
    let mut players = [specs[0].player(seed), specs[1].player(seed.rotate_left(17))];
    let mut game = Game::from_deal(deal);
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let mover = if game.position().to_move() == a_color { 0 } else { 1 };
        let (earlier, current) = game.positions().split_at(game.positions().len() - 1);
        let m = players[mover].choose(&current[0], earlier)?;
        game.play(m).ok()?;
    }
    game.outcome()
}
