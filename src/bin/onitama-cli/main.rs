//! `onitama-cli`: the engine on the command line: perft, legal moves, playing moves, the AI's
//! best move, a speed benchmark, matches between engines, fitting the evaluation to games,
//! puzzles, exact endgames and the engine protocol.

mod matches;
mod protocol;
mod tune;

use clap::{Parser, Subcommand};
use matches::{EngineSpec, Schedule, play_match};
use onitama::ai::{self, Engine, Limits, endgame, puzzle};
use onitama::rules::{Card, Deal, Game, Move, Position, divide, perft};
use protocol::TABLE_MB;
use std::fs::File;
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::time::Instant;

/// Onitama engine tools: check move generation, list and play moves, search, measure.
#[derive(Parser)]
#[command(name = "onitama-cli", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

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
    /// List the legal moves, one per line, in move notation; none once the game is over (stderr
    /// says how it ended).
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
    /// With `--lines N`, the N best moves: one `info depth <d> line <k> ...` line each per finished depth.
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
        /// Show the best N moves (fewer when fewer are legal), each with its score and line.
        #[arg(long)]
        lines: Option<NonZeroUsize>,
    },
    /// Review a recorded game: each move searched and classed (best, good, inaccuracy, mistake,
    /// blunder); one line per move: `<ply> <move> <class> best <move> before <score> after <score>`,
    /// then `result <code> (<words>)` if the game ended (a resignation included).
    Review {
        /// A file holding a game record (`start ...`, `moves ...`), or - for standard input.
        record: String,
        /// Search each position for this many milliseconds (default 300).
        #[arg(long)]
        movetime: Option<f64>,
        /// Search each position exactly this many plies instead.
        #[arg(long)]
        depth: Option<u32>,
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
        /// expert, sensei, champion, elite, master), or limits and switches joined by commas:
        /// `depth=6`, `movetime=100`, `nodes=50000` (about that many nodes a move: the same games on
        /// any machine, however loaded), `temperature=30` (the spread of a weaker choice),
        /// `exact=4` (positions of at most 4 pieces played perfectly from the exact endgame
        /// tables: elite and master do so up to 4 unless given `exact=0`), `no-tt`,
        /// `no-pvs`, `no-aspiration`, `no-killers`, `no-lmr`, `no-quiescence`, `no-futility`,
        /// `no-threat-extension`, `no-internal-reduction`, `no-singular`, evaluation weights such as `mobility=5` (see
        /// crates/core/src/ai/eval.rs); or another program that speaks the engine protocol
        /// (see `engine`), written last: `movetime=100,command=java -cp engine Main` (or `nodes=`).
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
        /// Write every game's record to this file (readable by the page's Records dialog).
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// The packs the deals draw from, joined by commas: base, senseis-path, promo; `-turtle`
        /// leaves a card out.
        #[arg(long, default_value = "base")]
        packs: String,
    },
    /// Fit the evaluation's weights to the results of games recorded by `match --records`, and
    /// write them as Rust source (crates/core/src/ai/weights.rs) to a file or the standard output.
    Tune {
        /// Record files written by `match --records`.
        #[arg(required = true)]
        records: Vec<std::path::PathBuf>,
        /// Steps of gradient descent.
        #[arg(long, default_value_t = 600)]
        iterations: usize,
        /// How strongly the card-square weights are pulled towards zero (the weights in use were
        /// fitted with the default).
        #[arg(long, default_value_t = 0.01)]
        regularization: f64,
        /// Every n-th game is held out, to measure the fit on positions it was not fitted to.
        #[arg(long, default_value_t = 10)]
        hold_out_every: usize,
        /// Fit only the named terms, keeping the card tables as they are (to try a new term on
        /// fewer games than the tables need).
        #[arg(long)]
        terms_only: bool,
        /// Fit only the card tables of these packs' cards (joined by commas: base, senseis-path,
        /// promo), keeping the named terms and the other cards' tables: new cards are fitted
        /// without changing how the engine plays deals of the others.
        #[arg(long, conflicts_with = "terms_only")]
        cards_of: Option<String>,
        /// Where to write the weights (standard output if not given).
        #[arg(long)]
        output: Option<std::path::PathBuf>,
    },
    /// Make a puzzle set from self-play games (`--out`), or re-verify one (`--check`). A puzzle is
    /// a position where the side to move wins in exactly 3, 5 or 7 plies with one first move only.
    Puzzles {
        /// Write a new set to this file (progress goes to stderr).
        #[arg(long, required_unless_present_any = ["check", "extend"], conflicts_with = "check")]
        out: Option<std::path::PathBuf>,
        /// Re-verify every puzzle of this set by exact search; print the counts per difficulty.
        #[arg(long)]
        check: Option<std::path::PathBuf>,
        /// Puzzles of each length (3, 5 and 7 plies) in a new set.
        #[arg(long, default_value_t = 120)]
        count_per_difficulty: usize,
        /// Seed of the self-play games: the same seed makes the same set.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Add puzzles that use the expansions to this set: it keeps its puzzles up to `--after`
        /// and gets `--count-per-difficulty` of each length after them, from deals of `--packs`,
        /// each with a card beyond the base game's (the same command on its own output gives it
        /// again).
        #[arg(long, conflicts_with_all = ["out", "check"], requires = "after")]
        extend: Option<std::path::PathBuf>,
        /// With `--extend`: the last id kept; the puzzles made are numbered from the next.
        #[arg(long)]
        after: Option<u32>,
        /// With `--extend`: the packs the deals draw from, joined by commas (base, senseis-path,
        /// promo; `-turtle` leaves a card out).
        #[arg(long, default_value = "base,senseis-path,promo")]
        packs: String,
        /// Instead of mining self-play games, draw this many hard puzzles (7 plies) from the exact
        /// endgame tables of seeded deals: positions the tables value a win in 7 with one first
        /// move only. With `--out` the deals use the base cards; with `--extend`, `--packs`.
        #[arg(long, conflicts_with = "check")]
        from_tables: Option<usize>,
        /// With `--from-tables`: at most this many puzzles from one deal's tables.
        #[arg(long, default_value_t = 5, requires = "from_tables")]
        per_deal: usize,
        /// With `--from-tables`: the tables' pieces, both masters included (3 or 4; 4 builds in
        /// about 8 s a deal).
        #[arg(long, default_value_t = 4, requires = "from_tables", value_parser = clap::value_parser!(u32).range(3..=5))]
        table_pieces: u32,
    },
    /// The exact value of a position with few pieces (at most 6, both masters included), for the
    /// side to move, as the last line: `win in N`, `loss in N` (plies) or `draw`. It builds the
    /// exact tables of the position's five cards for its material and the smaller ones first
    /// (timing on stderr); repetition is ignored (a position no side can force to a win is a draw).
    Endgame {
        /// A position in position notation, e.g. "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".
        position: String,
    },
    /// Build the exact tables of a deal for every material up to `--pieces` pieces: per material
    /// the positions, wins, losses and draws (for the side to move), the longest win and one
    /// position of it; then the time and the memory.
    Tablebase {
        /// The five cards, by their notation names, separated by commas or spaces, e.g.
        /// "ox,boar horse,elephant crab" (the order does not matter: every placement is solved).
        cards: String,
        /// Pieces on the board at most, both masters included (2 to 6).
        #[arg(long, default_value_t = 4)]
        pieces: u32,
    },
    /// Speak the engine protocol on standard input and output, for other programs: `newgame`,
    /// `position <position> [moves <move> ...]`, `go movetime <ms>|depth <n>|nodes <n>` (answered
    /// with `info` lines and `bestmove <move>`), `quit`; a line it cannot use gets `error <why>`.
    Engine,
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
            let position = parse_position(&position)?;
            // A finished game has no move to list: a user still hears why.
            if let Some(outcome) = position.outcome() {
                eprintln!("the game is over: {outcome}");
            }
            for m in &position.legal_moves() {
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
        Command::Bestmove { position, depth, movetime, nodes, lines } => {
            let position = parse_position(&position)?;
            if let Some(outcome) = position.outcome() {
                return Err(format!("the game is over: {outcome}"));
            }
            let mut limits = Limits { depth, movetime_ms: movetime, nodes };
            if limits == Limits::default() {
                limits.movetime_ms = Some(1000.0);
            }
            let mut engine = Engine::new(TABLE_MB, ai::system_clock);
            if let Some(count) = lines {
                return best_lines(&mut engine, &position, limits, count);
            }
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
        Command::Review { record, movetime, depth } => {
            let text = if record == "-" {
                std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read standard input: {e}"))?
            } else {
                std::fs::read_to_string(&record).map_err(|e| format!("cannot read {record}: {e}"))?
            };
            let game = Game::from_record(&text).map_err(|e| format!("{record}: {e}"))?;
            let limits = match depth {
                Some(depth) => Limits { depth: Some(depth), ..Limits::default() },
                None => Limits { movetime_ms: Some(movetime.unwrap_or(300.0)), ..Limits::default() },
            };
            let mut engine = Engine::new(TABLE_MB, ai::system_clock);
            for ply in ai::review::review(&game, &mut engine, limits, None, &mut |_, _| true) {
                let best = ply.best.map_or("-".to_string(), |m| m.to_string());
                println!(
                    "{} {} {} best {best} before {} after {}",
                    ply.ply,
                    ply.played,
                    ply.class.code(),
                    ply.score_before,
                    ply.score_after
                );
            }
            // How it ended, a resignation included (no move shows that).
            if let Some(outcome) = game.outcome() {
                println!("result {} ({outcome})", outcome.code());
            }
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
        Command::Match { a, b, games, seed, threads, max_plies, records, packs } => {
            let specs = [EngineSpec::parse(&a)?, EngineSpec::parse(&b)?];
            let pool = matches::parse_pool(&packs)?;
            let records = records
                .map(|path| File::create(&path).map_err(|e| format!("cannot create {}: {e}", path.display())))
                .transpose()?;
            let schedule = Schedule { pairs: games.div_ceil(2), seed, threads: threads.max(1), max_plies, pool };
            play_match(&specs, &schedule, records)?;
        }
        Command::Tune { records, iterations, regularization, hold_out_every, terms_only, cards_of, output } => {
            let fit = match (terms_only, cards_of) {
                (true, _) => tune::Fit::Terms,
                (false, Some(packs)) => tune::Fit::CardsOf(matches::parse_packs(&packs)?),
                (false, None) => tune::Fit::All,
            };
            tune::tune(&tune::Tuning { records, iterations, regularization, hold_out_every, fit, output })?;
        }
        Command::Puzzles { out: Some(out), from_tables: Some(count), seed, per_deal, table_pieces, .. } => {
            let plan = puzzle::TablePlan { per_deal, pieces: table_pieces, ..puzzle::TablePlan::base(count, seed, 1) };
            make_table_puzzles(&out, &plan)?;
        }
        Command::Puzzles { out: Some(out), count_per_difficulty, seed, .. } => {
            make_puzzles(&out, count_per_difficulty, seed)?;
        }
        Command::Puzzles {
            extend: Some(set),
            after: Some(after),
            from_tables: Some(count),
            seed,
            packs,
            per_deal,
            table_pieces,
            ..
        } => {
            let pool = matches::parse_pool(&packs)?;
            let plan = puzzle::TablePlan {
                per_deal,
                pieces: table_pieces,
                ..puzzle::TablePlan::expansion(count, seed, pool, after + 1)
            };
            extend_with_table_puzzles(&set, after, &packs, &plan)?;
        }
        Command::Puzzles { extend: Some(set), after: Some(after), count_per_difficulty, seed, packs, .. } => {
            extend_puzzles(&set, after, &packs, count_per_difficulty, seed)?;
        }
        Command::Puzzles { check: Some(set), .. } => check_puzzles(&set)?,
        Command::Puzzles { .. } => return Err("puzzles needs --out <file> or --check <file>".to_string()),
        Command::Endgame { position } => endgame(&parse_position(&position)?)?,
        Command::Tablebase { cards, pieces } => tablebase(&cards, pieces)?,
        Command::Engine => {
            let stdin = std::io::stdin();
            protocol::serve(stdin.lock(), &mut std::io::stdout(), TABLE_MB).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// `bestmove --lines`: each finished depth's best lines, then the first line's move.
fn best_lines(engine: &mut Engine, position: &Position, limits: Limits, count: NonZeroUsize) -> Result<(), String> {
    let found = engine.search_lines(position, &[], limits, count, &mut |info| {
        let nps = (info.nodes as f64 * 1000.0 / info.elapsed_ms.max(0.001)) as u64;
        for (index, line) in info.lines.iter().enumerate() {
            let pv: Vec<String> = line.moves().map(|m| m.to_string()).collect();
            println!(
                "info depth {} line {} score {} nodes {} nps {nps} time {:.0} pv {}",
                info.depth,
                index + 1,
                line.score,
                info.nodes,
                info.elapsed_ms,
                pv.join(" ")
            );
        }
    });
    let best = found.and_then(|info| info.lines.first().map(|line| line.first)).ok_or("no depth finished")?;
    println!("bestmove {best}");
    Ok(())
}

/// The most pieces `endgame` and `tablebase` solve (both masters included).
const ENDGAME_PIECES: u32 = 6;

fn endgame(position: &Position) -> Result<(), String> {
    if let Some(outcome) = position.outcome() {
        return Err(format!("the game is over: {outcome}"));
    }
    let material = endgame::Material::of(position);
    if material.pieces() > ENDGAME_PIECES {
        return Err(format!(
            "the position has {} pieces: endgame solves at most {ENDGAME_PIECES}, both masters included",
            material.pieces()
        ));
    }
    // What it will take: one byte a position of every table, and 4 more a position of the one
    // being solved (6 pieces take minutes and gigabytes).
    let needed: Vec<u64> = (0..=material.red)
        .flat_map(|red| (0..=material.blue).map(move |blue| endgame::Material { red, blue }.table_size()))
        .collect();
    let entries: u64 = needed.iter().sum();
    let largest = needed.iter().max().copied().unwrap_or(0);
    eprintln!(
        "{material}: {} tables, {entries} positions, about {} MB of memory",
        needed.len(),
        (entries + 4 * largest).div_ceil(1 << 20)
    );
    let started = Instant::now();
    let deal = endgame::deal_of(position);
    let table = endgame::Tablebase::build_with(&deal, &[material], &mut |counts| {
        eprintln!(
            "{} solved ({} positions) at {:.2} s",
            counts.material,
            counts.positions,
            started.elapsed().as_secs_f64()
        );
    });
    let exact = table.probe(position).ok_or("the position is not in its own table")?;
    eprintln!(
        "{} tables, {} bytes, in {:.2} s",
        table.materials().len(),
        table.memory_bytes(),
        started.elapsed().as_secs_f64()
    );
    println!("{exact}");
    Ok(())
}

fn tablebase(names: &str, pieces: u32) -> Result<(), String> {
    if !(2..=ENDGAME_PIECES).contains(&pieces) {
        return Err(format!("--pieces must be 2 to {ENDGAME_PIECES}, not {pieces}"));
    }
    let cards: Vec<Card> = names
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|name| !name.is_empty())
        .map(|name| Card::from_name(name).ok_or_else(|| format!("unknown card \"{name}\"")))
        .collect::<Result<_, _>>()?;
    let cards: [Card; 5] = cards
        .try_into()
        .map_err(|cards: Vec<Card>| format!("a deal has 5 cards, \"{names}\" names {}", cards.len()))?;
    let deal = Deal::new(cards).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut last = 0.0;
    let (mut positions, mut wins, mut losses, mut draws) = (0, 0, 0, 0);
    let table = endgame::Tablebase::build_with(&deal, &endgame::materials_up_to(pieces), &mut |counts| {
        let seconds = started.elapsed().as_secs_f64();
        let longest = match &counts.longest_win {
            Some((plies, position)) => format!("longest win {plies}: {position}"),
            None => "no win".to_string(),
        };
        println!(
            "{} positions {} wins {} losses {} draws {} {longest} ({:.2} s)",
            counts.material,
            counts.positions,
            counts.wins,
            counts.losses,
            counts.draws,
            seconds - last
        );
        last = seconds;
        (positions, wins, losses, draws) =
            (positions + counts.positions, wins + counts.wins, losses + counts.losses, draws + counts.draws);
    });
    println!(
        "total positions {positions} wins {wins} losses {losses} draws {draws}; {:.2} s; tables {} bytes; peak resident {}",
        started.elapsed().as_secs_f64(),
        table.memory_bytes(),
        peak_resident().unwrap_or_else(|| "unknown".to_string())
    );
    Ok(())
}

/// The process's peak resident memory as Linux reports it (`VmHWM`), if it does.
fn peak_resident() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    Some(line["VmHWM:".len()..].trim().to_string())
}

/// The puzzles of `plan` (none of them one of `earlier`), their progress told on stderr.
fn mine(plan: &puzzle::Plan, earlier: &[puzzle::Puzzle], started: Instant) -> Vec<puzzle::Puzzle> {
    let (mut last_report, per_difficulty) = (0.0, plan.per_difficulty);
    puzzle::generate(plan, earlier, &mut |progress| {
        let seconds = started.elapsed().as_secs_f64();
        if seconds - last_report >= 5.0 || progress.found.iter().all(|&found| found >= per_difficulty) {
            last_report = seconds;
            let [easy, medium, hard] = progress.found;
            eprintln!(
                "{:.0} s: {} games, {} positions; easy {easy}, medium {medium}, hard {hard} of {per_difficulty}",
                seconds, progress.games, progress.positions
            );
        }
    })
}

fn write_set(out: &std::path::Path, text: &str, count: usize, started: Instant) -> Result<(), String> {
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!("wrote {count} puzzles to {} in {:.1} s", out.display(), started.elapsed().as_secs_f64());
    Ok(())
}

fn make_puzzles(out: &std::path::Path, per_difficulty: usize, seed: u64) -> Result<(), String> {
    let started = Instant::now();
    let puzzles = mine(&puzzle::Plan::base(per_difficulty, seed), &[], started);
    let header = format!(
        "Onitama puzzles, one a line: <id> <plies> <position>. The side to move wins in exactly <plies>\n\
         plies (3 easy, 5 medium, 7 hard) with one first move only, and no sooner.\n\
         Made by: onitama-cli puzzles --out {} --count-per-difficulty {per_difficulty} --seed {seed}\n\
         Checked by: onitama-cli puzzles --check {}",
        out.display(),
        out.display()
    );
    write_set(out, &puzzle::format_set(&header, &puzzles), puzzles.len(), started)
}

/// The hard puzzles of `plan`, drawn from exact tables (none of them one of `earlier`), each
/// re-verified by exact search; their progress told on stderr.
fn draw(plan: &puzzle::TablePlan, earlier: &[puzzle::Puzzle], started: Instant) -> Result<Vec<puzzle::Puzzle>, String> {
    let drawn = puzzle::generate_from_tables(plan, earlier, &mut |progress| {
        eprintln!(
            "{:.1} s: tables of {} deals ({} pieces); hard {} of {}",
            started.elapsed().as_secs_f64(),
            progress.games,
            plan.pieces,
            progress.found[2],
            plan.count
        );
    });
    let checked = Instant::now();
    for p in &drawn {
        p.check()?;
    }
    eprintln!("checked {} puzzles by exact search in {:.2} s", drawn.len(), checked.elapsed().as_secs_f64());
    if drawn.len() < plan.count {
        return Err(format!("only {} of {} puzzles found", drawn.len(), plan.count));
    }
    Ok(drawn)
}

/// The options of `--from-tables` as they are written into a set's header.
fn table_options(plan: &puzzle::TablePlan) -> String {
    format!(
        "--from-tables {} --per-deal {} --table-pieces {} --seed {}",
        plan.count, plan.per_deal, plan.pieces, plan.seed
    )
}

fn make_table_puzzles(out: &std::path::Path, plan: &puzzle::TablePlan) -> Result<(), String> {
    let started = Instant::now();
    let puzzles = draw(plan, &[], started)?;
    let header = format!(
        "Onitama puzzles, one a line: <id> <plies> <position>. The side to move wins in exactly <plies>\n\
         plies (7: hard) with one first move only, and no sooner: drawn from exact endgame tables.\n\
         Made by: onitama-cli puzzles --out {} {}\n\
         Checked by: onitama-cli puzzles --check {}",
        out.display(),
        table_options(plan),
        out.display()
    );
    write_set(out, &puzzle::format_set(&header, &puzzles), puzzles.len(), started)
}

/// Keeps the set's puzzles up to id `after` and its header, and adds the hard puzzles `plan`
/// draws from exact tables, with a header line saying how they were made.
fn extend_with_table_puzzles(
    path: &std::path::Path,
    after: u32,
    packs: &str,
    plan: &puzzle::TablePlan,
) -> Result<(), String> {
    let started = Instant::now();
    if plan.needs.is_empty() {
        return Err("--packs has no card beyond the base game's".to_string());
    }
    let (mut puzzles, mut header) = kept_part(path, after)?;
    let line = format!(
        "{EXTENDED_BY}onitama-cli puzzles --extend {} --after {after} --packs {packs} {} (ids from {}: hard, drawn \
         from exact endgame tables, each with a card beyond the base game's)",
        path.display(),
        table_options(plan),
        after + 1
    );
    let checked = header.iter().position(|line| line.starts_with("Checked by:")).unwrap_or(header.len());
    header.insert(checked, line);
    let made = draw(plan, &puzzles, started)?;
    puzzles.extend(made);
    write_set(path, &puzzle::format_set(&header.join("\n"), &puzzles), puzzles.len(), started)
}

/// A set's puzzles up to id `after`, checked to be 1 to `after` in order, and its header lines
/// but those `--extend` wrote after `after`.
fn kept_part(path: &std::path::Path, after: u32) -> Result<(Vec<puzzle::Puzzle>, Vec<String>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut puzzles = puzzle::parse_set(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    puzzles.retain(|p| p.id <= after);
    if !puzzles.iter().map(|p| p.id).eq(1..=after) {
        return Err(format!("{} does not hold puzzles 1 to {after}, one each in order", path.display()));
    }
    let header = text
        .lines()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|line| line.strip_prefix(' ').unwrap_or(line).to_string())
        .filter(|line| !line.starts_with(EXTENDED_BY) || first_id_of(line).is_some_and(|first| first <= after))
        .collect();
    Ok((puzzles, header))
}

/// The first id an `Extended by:` line says it made (`(ids from N: …`).
fn first_id_of(line: &str) -> Option<u32> {
    let rest = &line[line.find("(ids from ")? + "(ids from ".len()..];
    rest[..rest.find(':')?].parse().ok()
}

/// The header line `--extend` writes (and replaces when run again).
const EXTENDED_BY: &str = "Extended by: ";

/// Keeps the set's puzzles up to id `after` and its header, and adds puzzles that use the
/// expansions, numbered from `after + 1`, with a header line saying how they were made.
fn extend_puzzles(
    path: &std::path::Path,
    after: u32,
    packs: &str,
    per_difficulty: usize,
    seed: u64,
) -> Result<(), String> {
    let started = Instant::now();
    let pool = matches::parse_pool(packs)?;
    let (mut puzzles, mut header) = kept_part(path, after)?;
    let plan = puzzle::Plan::expansion(per_difficulty, seed, pool, after + 1);
    if plan.needs.is_empty() {
        return Err("--packs has no card beyond the base game's".to_string());
    }
    let line = format!(
        "{EXTENDED_BY}onitama-cli puzzles --extend {} --after {after} --packs {} --count-per-difficulty {per_difficulty} \
         --seed {seed} (ids from {}: each uses a card beyond the base game's)",
        path.display(),
        packs,
        after + 1
    );
    let checked = header.iter().position(|line| line.starts_with("Checked by:")).unwrap_or(header.len());
    header.insert(checked, line);
    let made = mine(&plan, &puzzles, started);
    puzzles.extend(made);
    write_set(path, &puzzle::format_set(&header.join("\n"), &puzzles), puzzles.len(), started)
}

fn check_puzzles(path: &std::path::Path) -> Result<(), String> {
    let started = Instant::now();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let puzzles = puzzle::parse_set(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut failures = 0;
    let (mut counts, mut expansion_counts) = ([0; 3], [0; 3]);
    for (index, p) in puzzles.iter().enumerate() {
        let mut problems = Vec::new();
        if p.id as usize != index + 1 {
            problems.push(format!("puzzle {}: id {} where {} was expected", p.id, p.id, index + 1));
        }
        let mirror = puzzle::colour_mirror(&p.position);
        if let Some(earlier) = puzzles[..index].iter().find(|q| q.position == p.position || q.position == mirror) {
            problems.push(format!("puzzle {}: repeats puzzle {} (or its colour mirror)", p.id, earlier.id));
        }
        problems.extend(p.check().err());
        for problem in &problems {
            eprintln!("{problem}");
        }
        if problems.is_empty() {
            let slot = puzzle::PLIES.iter().position(|&plies| plies == p.plies).unwrap_or(0);
            counts[slot] += 1;
            expansion_counts[slot] += usize::from(puzzle::uses_expansion(p));
        } else {
            failures += 1;
        }
    }
    for (plies, count) in puzzle::PLIES.into_iter().zip(counts) {
        println!("{} {count}", puzzle::Difficulty::of_plies(plies).code());
    }
    let expansion: Vec<String> = puzzle::PLIES
        .into_iter()
        .zip(expansion_counts)
        .map(|(plies, count)| format!("{} {count}", puzzle::Difficulty::of_plies(plies).code()))
        .collect();
    println!("of them with expansion cards: {}", expansion.join(", "));
    eprintln!("checked {} puzzles in {:.2} s", puzzles.len(), started.elapsed().as_secs_f64());
    if failures > 0 {
        return Err(format!("{failures} of {} puzzles fail", puzzles.len()));
    }
    println!("all {} puzzles pass", puzzles.len());
    Ok(())
}
