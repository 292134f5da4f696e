//! `onitama-cli`: the engine on the command line (perft, legal moves, playing moves).

use clap::{Parser, Subcommand};
use onitama::rules::{Game, Move, Position, divide, perft};
use std::process::ExitCode;
use std::time::Instant;

/// Onitama engine tools: check move generation, list and play moves.
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
    text.parse()
        .map_err(|e| format!("bad position \"{text}\": {e}"))
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft {
            position,
            depth,
            divide: per_move,
        } => {
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
                "perft {depth}: {nodes} leaves in {:.3} s ({:.1} M leaves/s)",
                seconds,
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
                let m: Move = text
                    .parse()
                    .map_err(|e| format!("move {}: {e}", index + 1))?;
                game.play(m)
                    .map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
            }
            println!("{}", game.position());
            if let Some(outcome) = game.outcome() {
                println!("{outcome}");
            }
        }
    }
    Ok(())
}
