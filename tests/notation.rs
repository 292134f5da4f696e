//! Position, move and record notation: round-trips and clear errors.

use onitama::rules::{Game, Move, Position};

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
        ("bbBbb/5/5/5/rrrrr ox,boar horse,elephant crab r", "Red has no master"),
        ("bbBbb/5/5/R4/rrRrr ox,boar horse,elephant crab r", "a side has more than 5 pieces"),
        ("bbBbb/5/5/5/rRRrr ox,boar horse,elephant crab r", "Red has two masters"),
        ("bbBBb/5/5/5/rrRrr ox,boar horse,elephant crab r", "Blue has two masters"),
        ("bbRbb/5/5/B4/rrrr1 ox,boar horse,elephant crab b", "Red's master already stands on the enemy temple c5"),
        ("bbRbb/5/5/B4/rrrr1 ox,boar horse,elephant crab r", "Red's master already stands on the enemy temple c5"),
        ("", "expected 5 fields"),
    ];
    for (text, expected) in cases {
        let message = position_error(text);
        assert!(message.contains(expected), "{text:?}: got {message:?}, wanted {expected:?}");
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
