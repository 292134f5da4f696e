//! Position, move and record notation: round-trips and clear errors.

use onitama::rules::{Card, Color, Game, Move, Outcome, Piece, Position, PositionError, Role, Setup, Square, Way};

const START: &str = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r";

fn position_error(text: &str) -> String {
    text.parse::<Position>().expect_err(text).to_string()
}

#[test]
fn a_position_prints_canonically_and_reads_back() {
    let position: Position = START.parse().unwrap();
    let printed = position.to_string();
    assert_eq!(printed, "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r");
    assert_eq!(printed.parse::<Position>().unwrap(), position);
    let middle = "1b1B1/2r2/b4/3R1/r1r2 tiger,ox crab,boar horse b";
    assert_eq!(middle.parse::<Position>().unwrap().to_string(), middle);
}

#[test]
fn malformed_positions_say_what_and_where() {
    let cases = [
        ("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab", "expected 5 fields"),
        ("bbBbb/5/5/rrRrr ox,boar horse,elephant crab r", "the board has 4 ranks"),
        ("bbBbb/5/6/5/rrRrr ox,boar horse,elephant crab r", "rank 3 has 6 squares"),
        ("bbBbb/5/4/5/rrRrr ox,boar horse,elephant crab r", "rank 3 has 4 squares"),
        ("bbBbb/5/5/5/rrRrx ox,boar horse,elephant crab r", "unexpected 'x' in rank 1"),
        ("bbBbb/5/5/5/rrRrr tigre,boar horse,elephant crab r", "unknown card 'tigre'"),
        ("bbBbb/5/5/5/rrRrr ox,boar horse,ox crab r", "the same card twice: 'ox'"),
        ("bbBbb/5/5/5/rrRrr ox horse,elephant crab r", "Red must hold 2 cards"),
        ("bbBbb/5/5/5/rrRrr ox,boar horse,elephant,tiger crab r", "Blue must hold 2 cards"),
        ("bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab x", "side to move must be 'r' or 'b'"),
        ("bbBbb/5/5/R4/rrRrr ox,boar horse,elephant crab r", "a side has more than 5 pieces"),
        ("bbBbb/5/5/5/rRRrr ox,boar horse,elephant crab r", "Red has two masters"),
        ("bbBBb/5/5/5/rrRrr ox,boar horse,elephant crab r", "Blue has two masters"),
        ("bbbbb/5/5/5/rrRrr ox,boar horse,elephant crab b", "a side has at most 4 students: Blue has 5"),
        ("", "expected 5 fields"),
    ];
    for (text, expected) in cases {
        let message = position_error(text);
        assert!(message.contains(expected), "{text:?}: got {message:?}, wanted {expected:?}");
    }
}

#[test]
fn a_finished_position_reads_back_as_finished() {
    let cases = [
        // Blue's master captured on c4: Blue to move, and lost.
        ("5/2r2/5/5/R4 crab,boar tiger,ox horse b", Color::Red, Way::Stone),
        // Blue has nothing left at all.
        ("5/5/5/5/R4 crab,boar tiger,ox horse b", Color::Red, Way::Stone),
        // Red's master captured by Blue's student.
        ("2B2/5/5/1b3/5 crab,boar tiger,ox horse r", Color::Blue, Way::Stone),
        // Red's master on c5, Blue's temple.
        ("bbRbb/5/5/B4/rrrr1 boar,ox elephant,horse crab b", Color::Red, Way::Stream),
        // Blue's master on c1, Red's temple.
        ("R4/5/5/5/2B2 boar,ox elephant,horse crab r", Color::Blue, Way::Stream),
        // Red's master captured Blue's on Blue's temple: the capture names the way.
        ("2R2/5/5/5/5 boar,ox elephant,horse crab b", Color::Red, Way::Stone),
    ];
    for (text, winner, way) in cases {
        let position: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(position.to_string(), text);
        assert_eq!(position.outcome(), Some(Outcome::Win { winner, way }), "{text}");
        assert!(position.legal_moves().is_empty(), "{text}");
    }
}

#[test]
fn positions_no_game_reaches_are_refused_with_their_reason() {
    use PositionError::*;
    let cases = [
        ("5/5/2r2/5/5 ox,boar horse,elephant crab r", NoMasters, "neither side has a master"),
        ("5/5/2r2/5/5 ox,boar horse,elephant crab b", NoMasters, "neither side has a master"),
        (
            "bbbbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
            TooManyStudents { color: Color::Blue, count: 5 },
            "a side has at most 4 students: Blue has 5",
        ),
        (
            "bbbb1/5/5/5/rrRrr ox,boar horse,elephant crab r",
            NoMasterNotToMove(Color::Blue),
            "Blue has no master, yet Red is to move",
        ),
        (
            "bbBbb/5/5/5/rrrr1 ox,boar horse,elephant crab b",
            NoMasterNotToMove(Color::Red),
            "Red has no master, yet Blue is to move",
        ),
        (
            "bbRbb/5/5/B4/rrrr1 ox,boar horse,elephant crab r",
            MasterOnTemple { color: Color::Red, square: Square::temple(Color::Blue) },
            "Red is to move, but its master already stands on the enemy temple c5",
        ),
        (
            "R4/5/5/5/2B2 ox,boar horse,elephant crab b",
            MasterOnTemple { color: Color::Blue, square: Square::temple(Color::Red) },
            "Blue is to move, but its master already stands on the enemy temple c1",
        ),
        // Both masters on the enemy temples: the one to move would have won first.
        (
            "bbRbb/5/5/5/rrBrr ox,boar horse,elephant crab r",
            MasterOnTemple { color: Color::Red, square: Square::temple(Color::Blue) },
            "Red is to move",
        ),
        ("bbBbb/5/5/5/rRRrr ox,boar horse,elephant crab b", TwoMasters(Color::Red), "Red has two masters"),
        ("bBBbb/5/5/5/rrrr1 ox,boar horse,elephant crab r", TwoMasters(Color::Blue), "Blue has two masters"),
    ];
    for (text, error, message) in cases {
        let found = text.parse::<Position>().expect_err(text);
        assert_eq!(found, error, "{text}");
        assert!(found.to_string().contains(message), "{text}: got {found}, wanted {message:?}");
    }
}

#[test]
fn moves_print_and_parse() {
    for text in ["tiger:c1c3", "crab:pass", "eel:e5a1"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    let errors = [
        ("tiger", "is not a move"),
        ("tiger:c1", "is not a move"),
        ("tigre:c1c3", "unknown card 'tigre'"),
        ("tiger:c1c6", "'c6' is not a square"),
        ("tiger:f1c3", "'f1' is not a square"),
        ("tiger:c1c3é", "is not a move"),
    ];
    for (text, expected) in errors {
        let message = text.parse::<Move>().expect_err(text).to_string();
        assert!(message.contains(expected), "{text:?}: {message}");
    }
}

#[test]
fn illegal_moves_say_why() {
    let position: Position = START.parse().unwrap();
    let why = |text: &str| position.play(text.parse().unwrap()).expect_err(text).to_string();
    assert!(why("tiger:c1c3").contains("Red does not hold tiger"));
    assert!(why("ox:c2c3").contains("no Red piece on c2"));
    assert!(why("ox:c1c3").contains("ox does not reach c3 from c1"));
    assert!(why("boar:b1c1").contains("c1 holds a Red piece"));
    assert!(why("ox:pass").contains("a pass is only allowed when no piece can"));
}

#[test]
fn a_game_record_round_trips() {
    let mut game = Game::new(START.parse().unwrap());
    for text in ["boar:c1c2", "horse:c5c4", "crab:a1a2"] {
        game.play(text.parse().unwrap()).unwrap();
    }
    let record = game.to_record();
    assert_eq!(record, "start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\nmoves boar:c1c2 horse:c5c4 crab:a1a2\n");
    assert_eq!(Game::from_record(&record).unwrap(), Game::from_record(&record).unwrap());
    assert_eq!(Game::from_record(&record).unwrap().to_record(), record);
    assert_eq!(Game::from_record(&record).unwrap().position(), game.position());
}

#[test]
fn a_finished_record_carries_its_result() {
    let mut game = Game::new("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap());
    game.play("ox:c3c4".parse().unwrap()).unwrap();
    let record = game.to_record();
    assert!(record.ends_with("result red-stone\n"), "{record}");
    assert_eq!(Game::from_record(&record).unwrap().outcome(), game.outcome());
    let lie = record.replace("red-stone", "blue-stream");
    let message = Game::from_record(&lie).unwrap_err().to_string();
    assert!(message.contains("the record says 'blue-stream' but the moves give 'red-stone'"), "{message}");
}

#[test]
fn a_record_may_start_from_a_finished_position() {
    let finished = "5/2r2/5/5/R4 crab,boar tiger,ox horse b";
    let record = format!("start {finished}\nresult red-stone\n");
    let game = Game::from_record(&record).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Red, way: Way::Stone }));
    assert!(game.moves().is_empty() && game.legal_moves().is_empty());
    assert_eq!(game.to_record(), record);
    let message = Game::from_record(&format!("start {finished}\nmoves tiger:c4c5\n")).unwrap_err().to_string();
    assert!(message.contains("line 2, move 1: the game is over: Red wins by the Way of the Stone"), "{message}");
    let message = Game::from_record(&format!("start {finished}\nresult *\n")).unwrap_err().to_string();
    assert!(message.contains("the record says '*' but the moves give 'red-stone'"), "{message}");
}

#[test]
fn broken_records_say_which_line_and_move() {
    let cases = [
        ("", "no 'start' line"),
        ("moves boar:c1c2", "line 1: unknown line"),
        ("start nonsense", "line 1: expected 5 fields"),
        (&format!("# comment\nstart {START}\nmoves boar:c1c2 tiger:c5c3"), "line 3, move 2: tiger:c5c3 is not legal"),
        (&format!("start {START}\nmoves boar:c1c2 zz"), "line 2, move 2: 'zz' is not a move"),
        (&format!("start {START}\nstart {START}"), "line 2: unknown line"),
        (&format!("start {START}\nwhatever"), "line 2: unknown line 'whatever'"),
    ];
    for (text, expected) in cases {
        let message = Game::from_record(text).expect_err(text).to_string();
        assert!(message.contains(expected), "{text:?}: {message}");
    }
}

#[test]
fn a_setup_reads_what_no_game_reaches_and_becomes_a_position_only_when_checked() {
    // Read as written (hands in the order given), checked only on the way to a position.
    let setup: Setup = START.parse().unwrap();
    assert_eq!(setup.to_string(), START);
    assert_eq!(Position::try_from(setup).unwrap(), START.parse::<Position>().unwrap());
    assert_eq!(
        START.parse::<Position>().unwrap().setup().to_string(),
        "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r"
    );
    // Each reason a setup is refused, typed, with nothing lost: the setup is still there to fix.
    let master = |color| Some(Piece { color, role: Role::Master });
    // A student of Red's made a master.
    let mut two_masters = setup;
    two_masters.board["a1".parse::<Square>().unwrap().index()] = master(Color::Red);
    assert_eq!(Position::try_from(two_masters), Err(PositionError::TwoMasters(Color::Red)));
    let card_twice = Setup { side: Card::Ox, ..setup };
    assert_eq!(Position::try_from(card_twice), Err(PositionError::DuplicateCard(Card::Ox)));
    let empty = Setup { board: [None; 25], ..setup };
    assert_eq!(Position::try_from(empty), Err(PositionError::NoMasters));
    let mut six = setup;
    six.board["a3".parse::<Square>().unwrap().index()] = Some(Piece { color: Color::Blue, role: Role::Student });
    assert_eq!(Position::try_from(six), Err(PositionError::TooManyPieces { color: Color::Blue, count: 6 }));
    // The syntax is still the notation's.
    assert_eq!("bbBbb/5/5/5 ox,boar horse,elephant crab r".parse::<Setup>(), Err(PositionError::RankCount(4)));
    // A setup that is refused prints as it was given, to be shown and fixed.
    assert_eq!(empty.to_string(), "5/5/5/5/5 ox,boar horse,elephant crab r");
}
