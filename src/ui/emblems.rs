//! The card emblems: a small silhouette of each card's animal, in the spirit of an ink stamp,
//! drawn from vector path data. Each drawing lives in a 100×100 box (x right, y down) as a
//! string in a small subset of SVG path syntax: absolute `M x y`, `L x y`, `Q cx cy x y`,
//! `C c1x c1y c2x c2y x y` and `Z`, integer coordinates 0–100, every shape closed. A drawing
//! is filled with the non-zero rule: its shapes run clockwise, the holes (eyes, a tusk, a
//! tongue) counter-clockwise. [`emblem`] gives it as [`PathCommand`]s in the unit square, for
//! the renderer to scale onto a card.

use crate::rules::Card;

/// One step of an emblem's outline, in the unit square (x right, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCommand {
    /// Starts a shape at `(x, y)`.
    Move(f64, f64),
    /// A straight line to `(x, y)`.
    Line(f64, f64),
    /// A quadratic Bézier curve: control point, then end point.
    Quad(f64, f64, f64, f64),
    /// A cubic Bézier curve: two control points, then end point.
    Cubic(f64, f64, f64, f64, f64, f64),
    /// Closes the shape back to its start.
    Close,
}

/// The drawings, in the order of [`Card::ALL`]; the cards after these have none yet.
const PATHS: [&str; 16] = [
    // tiger: prowling, stripes notched into the back, tail up
    concat!(
        "M24 36L33 34L36 46L39 34L44 34L47 47L50 34L55 34L58 46L61 34L64 33L67 42L68 32Q72 28 74 22Q76 15 82 20Q90 21 94 30L97 35L93 41L88 46L84 52L80 50L79 72Q87 76 86 81L70 81L68 64Q55 60 42 62L41 72Q45 76 44 81L28 81L29 76L26 64Q18 54 22 44Q8 46 6 22L10 21Q12 40 24 36Z",
        "M84 27L84 31L89 29Z",
    ),
    // crab: from above: raised claws, eye stalks, three legs a side
    concat!(
        "M25 58C25 37 75 37 75 58C75 79 25 79 25 58Z",
        "M34 50L36 69L21 73L16 84L11 83L17 67L33 64L15 61L10 71L5 70L12 55L32 57L16 48L9 56L4 54L14 42Z",
        "M36 48L26 34L14 34Q6 20 10 6L19 20L25 9Q32 22 32 34L42 46Z",
        "M46 44L42 30L47 30L49 44Z",
        "M66 50L86 42L96 54L91 56L84 48L68 57L88 55L95 70L90 71L85 61L67 64L83 67L89 83L84 84L79 73L64 69Z",
        "M64 48L58 46L68 34Q68 22 75 9L81 20L90 6Q94 20 86 34L74 34Z",
        "M54 44L51 44L53 30L58 30Z",
    ),
    // monkey: hanging from a branch, pale face, curled tail
    concat!(
        "M4 8L96 8L96 13L4 13Z",
        "M55 50L49 46Q59 26 59 10L65 10Q65 30 55 50Z",
        "M25 34C25 19 47 19 47 34C47 49 25 49 25 34Z",
        "M19 34C19 26 29 26 29 34C29 42 19 42 19 34Z",
        "M43 33C43 25 53 25 53 33C53 41 43 41 43 33Z",
        "M29 34Q28 40 32 43Q36 45 40 43Q44 40 43 34Q42 28 36 28Q30 28 29 34Z",
        "M31 32L41 32L39 35L36 33L33 35Z",
        "M29 60C29 39 55 39 55 60C55 81 29 81 29 60Z",
        "M30 48L34 52Q22 62 18 77Q15 80 14 75Q18 58 30 48Z",
        "M35 70L41 74L31 84L37 92Q36 98 31 96L25 84Z",
        "M46 75L50 69L63 79L61 92Q57 97 55 92L57 81Z",
        "M51 72L53 68Q78 77 79 69Q80 60 72 61L72 59Q84 56 83 69Q82 83 51 72Z",
    ),
    // crane: long neck and beak, drooping tail plumes, stilt legs
    concat!(
        "M34 76L30 68L20 76L20 66L8 70Q16 54 28 45Q40 36 55 37Q70 38 69 49Q68 60 58 61Q48 62 34 76Z",
        "M67 46L61 42Q68 30 66 27Q62 21 69 7L75 9Q70 19 72 23Q76 30 67 46Z",
        "M69 10C69 3 79 3 79 10C79 17 69 17 69 10Z",
        "M76 7L96 14L76 13Z",
        "M42 58L46 58L48 78L46 96L42 96L44 78Z",
        "M50 58L54 58L58 78L60 96L56 96L54 78Z",
    ),
    // dragon: serpent body with back spikes, horned open-jawed head, a clawed leg
    concat!(
        "M24 33L36 27Q43 41 48 38Q60 30 75 35Q89 40 86 56Q84 69 69 72Q57 74 53 80Q50 85 71 92Q73 95 69 96Q42 87 49 76Q55 66 67 64Q76 63 78 54Q79 48 71 45Q64 42 54 48Q37 59 24 33Z",
        "M51 39L48 30L57 36Z",
        "M72 36L76 28L78 39Z",
        "M85 52L94 54L84 59Z",
        "M73 69L74 78L66 71Z",
        "M4 20Q16 12 25 15Q34 18 36 25Q38 32 24 40L6 36L16 29L6 26Z",
        "M30 18L26 14Q33 5 48 3L48 5Q39 7 30 18Z",
        "M24 14L20 14Q22 6 31 0L33 1Q26 6 24 14Z",
        "M39 44L45 44L42 67L32 69L32 67L38 65Z",
        "M22 18L22 22L28 20Z",
    ),
    // elephant: trunk, tusk and ear line, four pillar legs
    concat!(
        "M48 22Q64 20 75 23Q86 26 89 36Q92 46 90 53Q88 60 88 88L76 88L76 72L70 72L70 88L58 88L58 68L48 68L48 88L38 88L38 72L34 72L34 88L24 88L24 58Q20 74 18 79Q16 84 10 88L4 86Q8 82 9 76Q10 70 11 60Q12 50 13 41Q14 32 19 27Q24 22 30 18Q36 14 48 22Z",
        "M40 26Q43 42 40 58Q46 42 40 26Z",
        "M26 56Q20 58 12 62Q20 62 26 56Z",
        "M26 36L26 40L30 38Z",
        "M90 44L92 44L97 60L95 60Z",
    ),
    // mantis: triangular head, raised folded forelegs, long abdomen
    concat!(
        "M97 60Q88 74 74 74Q60 74 51 66Q42 58 52 53Q62 48 97 60Z",
        "M52 58L44 62Q36 45 31 23Q33 17 37 21Q40 35 52 58Z",
        "M21 13L43 13L30 31Z",
        "M27 13L25 15L9 3L11 1Z",
        "M36 32L42 40L19 50L20 27Q23 22 26 27L23 44Z",
        "M47 62L52 64L44 77L41 92L36 92L39 76Z",
        "M54 64L59 65L59 78L53 92L48 92L54 78Z",
        "M61 67L65 64L75 75L77 92L72 92L70 78Z",
        "M67 67L71 64L85 74L90 89L85 91L80 78Z",
    ),
    // boar: bristly back, flat snout, white tusk, curly tail
    concat!(
        "M4 44Q10 42 15 38Q20 34 26 22L32 30L36 24L40 28L44 20L48 26L52 20L56 27L61 22L65 29L70 26Q76 32 82 35Q88 38 90 44Q92 50 90 56Q88 62 86 84L78 84L76 68Q60 70 46 70L44 84L36 84L34 68Q26 66 21 63Q16 60 4 56Z",
        "M20 58L24 56Q16 52 10 46Q12 52 20 58Z",
        "M91 43L89 41Q98 35 95 48L93 48Q94 41 91 43Z",
        "M20 40L20 44L24 42Z",
    ),
    // frog: from above: bulging eyes, splayed legs
    concat!(
        "M50 24C68 24 70 50 68 62C66 80 34 80 32 62C30 50 32 24 50 24Z",
        "M31 24C31 15 45 15 45 24C45 33 31 33 31 24Z",
        "M37 45L35 51L18 44L10 31Q10 27 14 29L22 40Z",
        "M38 61L34 71L16 62L11 80L27 87Q30 92 25 93L5 84L12 54Z",
        "M69 24C69 33 55 33 55 24C55 15 69 15 69 24Z",
        "M63 45L78 40L86 29Q90 27 90 31L82 44L65 51Z",
        "M62 61L88 54L95 84L75 93Q70 92 73 87L89 80L84 62L66 71Z",
    ),
    // rabbit: sitting, long ears
    concat!(
        "M52 28Q42 2 48 3Q54 4 62 22Q64 4 69 6Q74 8 72 24Q84 30 90 40Q84 46 78 47Q72 48 71 55Q70 62 74 82L80 88L62 88L60 80L56 88L24 88Q12 86 12 74Q2 70 4 64Q6 58 14 60Q18 52 24 46Q30 40 39 39Q48 38 52 28Z",
        "M76 32L76 36L80 34Z",
    ),
    // goose: long neck, heavy body, webbed foot
    concat!(
        "M96 34Q90 56 80 65Q70 74 55 73Q40 72 33 62Q26 52 36 48Q46 44 63 44Q80 44 96 34Z",
        "M39 52L29 56Q23 37 25 26Q27 18 24 14Q24 6 32 10Q37 18 35 28Q33 35 39 52Z",
        "M24 10L24 18L8 16Z",
        "M54 70L58 70L58 86L64 90L48 90L54 86Z",
    ),
    // rooster: comb and wattle, sickle tail feathers
    concat!(
        "M8 26L18 21L18 17L20 8L24 14L27 5L30 13L34 7L36 18Q40 26 41 34Q42 42 56 50Q68 50 70 58Q72 66 66 72Q60 78 52 79Q44 80 36 76Q28 72 24 64Q20 56 24 44Q22 42 19 42Q16 42 17 39Q18 36 18 30Z",
        "M60 55L52 53Q62 15 78 14Q91 13 97 50L95 50Q89 19 78 20Q70 21 60 55Z",
        "M63 62L57 58Q80 31 93 63L91 65Q80 41 63 62Z",
        "M38 78L42 78L42 94L38 94Z",
        "M48 78L52 78L54 94L50 94Z",
    ),
    // horse: head and neck with a ragged mane
    concat!(
        "M44 2L50 12L54 4L58 16L68 22L66 28L76 34L72 40L82 48L78 54L88 62L82 66L86 94L42 94Q44 76 48 62Q40 54 35 55Q30 56 25 58Q20 60 15 60Q10 60 6 54Q8 46 16 36Q24 26 31 19Q38 12 42 12Z",
        "M34 24L34 28L40 26Z",
    ),
    // ox: head from the front, wide horns
    concat!(
        "M41 27Q50 26 59 27Q68 28 67 39Q66 50 64 61Q62 72 63 79Q64 86 57 89Q50 92 43 89Q36 86 37 79Q38 72 36 61Q34 50 33 39Q32 28 41 27Z",
        "M36 26L36 34Q16 32 9 6L11 6Q16 24 36 26Z",
        "M32 36L34 44L20 46L14 40Z",
        "M39 42L41 46L46 44Z",
        "M64 26Q84 24 89 6L91 6Q84 32 64 34Z",
        "M68 36L86 40L80 46L66 44Z",
        "M61 42L54 44L59 46Z",
    ),
    // eel: long wavy body, gaping head with gill and fin
    concat!(
        "M6 77Q3 79 2 75Q15 34 27 39Q40 44 47 65Q52 80 59 79Q63 78 64 61Q65 35 75 28L85 40Q79 45 78 61Q77 86 61 89Q48 92 39 67Q32 48 25 45Q17 42 6 77Z",
        "M72 32Q76 20 81 18Q86 16 99 26L90 32L97 38Q88 46 72 44Z",
        "M85 21L86 25L89 22Z",
        "M81 24Q83 33 81 42Q85 33 81 24Z",
        "M74 46Q86 50 80 58Z",
    ),
    // cobra: spread hood, forked tongue, coiled body
    concat!(
        "M50 18C74 14 82 38 50 64C18 38 26 14 50 18Z",
        "M42 13C42 1 58 1 58 13C58 25 42 25 42 13Z",
        "M44 10L44 14L48 12Z",
        "M56 10L52 12L56 14Z",
        "M49 22L49 28L46 34L48 34L50 30L52 34L54 34L51 28L51 22Z",
        "M43 59L57 57Q60 79 37 83Q33 84 32 83Q39 89 59 87Q76 86 75 83Q73 77 60 75Q55 71 60 69Q79 71 83 81Q88 94 59 97Q33 99 24 91Q7 76 35 71Q44 69 43 59Z",
    ),
];

/// The path data of a card's emblem, as stored (100×100 box); `None` for a card not drawn yet.
pub fn path_data(card: Card) -> Option<&'static str> {
    PATHS.get(card.index()).copied()
}

/// A card's emblem, scaled to the unit square, read from the packed bytes (the tests check that
/// it equals what `parse` makes of the path data); empty for a card not drawn yet.
pub fn emblem(card: Card) -> Vec<PathCommand> {
    let (Some(&start), Some(&end)) = (PACKED.1.get(card.index()), PACKED.1.get(card.index() + 1)) else {
        return Vec::new();
    };
    let bytes = &PACKED.0[start..end];
    let mut commands = Vec::new();
    let mut at = 0;
    while let Some(&letter) = bytes.get(at) {
        let n = |i: usize| bytes.get(at + 1 + i).map_or(0.0, |&b| f64::from(b) / 100.0);
        let (command, arity) = match letter {
            MOVE => (PathCommand::Move(n(0), n(1)), 2),
            LINE => (PathCommand::Line(n(0), n(1)), 2),
            QUAD => (PathCommand::Quad(n(0), n(1), n(2), n(3)), 4),
            CUBIC => (PathCommand::Cubic(n(0), n(1), n(2), n(3), n(4), n(5)), 6),
            _ => (PathCommand::Close, 0),
        };
        commands.push(command);
        at += 1 + arity;
    }
    commands
}

// The drawings packed at compile time: a byte per command (above 100) and a byte per number
// (0 to 100). The text above stays the readable source; only these bytes reach the wasm.
const MOVE: u8 = 101;
const LINE: u8 = 102;
const QUAD: u8 = 103;
const CUBIC: u8 = 104;
const CLOSE: u8 = 105;

/// The number of bytes a path packs into: a letter or a number is one byte.
const fn packed_len(path: &str) -> usize {
    let bytes = path.as_bytes();
    let (mut at, mut count) = (0, 0);
    while at < bytes.len() {
        let b = bytes[at];
        if b.is_ascii_digit() {
            while at < bytes.len() && bytes[at].is_ascii_digit() {
                at += 1;
            }
            count += 1;
        } else {
            if b.is_ascii_uppercase() {
                count += 1;
            }
            at += 1;
        }
    }
    count
}

const TOTAL: usize = {
    let (mut i, mut total) = (0, 0);
    while i < PATHS.len() {
        total += packed_len(PATHS[i]);
        i += 1;
    }
    total
};

/// All the drawings' bytes, and where each card's begin (with the end last).
const PACKED: ([u8; TOTAL], [usize; PATHS.len() + 1]) = {
    let mut bytes = [0u8; TOTAL];
    let mut starts = [0usize; PATHS.len() + 1];
    let (mut card, mut out) = (0, 0);
    while card < PATHS.len() {
        starts[card] = out;
        let path = PATHS[card].as_bytes();
        let mut at = 0;
        while at < path.len() {
            let b = path[at];
            if b.is_ascii_digit() {
                let mut value = 0u8;
                while at < path.len() && path[at].is_ascii_digit() {
                    value = value * 10 + (path[at] - b'0');
                    at += 1;
                }
                bytes[out] = value;
                out += 1;
            } else {
                let code = match b {
                    b'M' => MOVE,
                    b'L' => LINE,
                    b'Q' => QUAD,
                    b'C' => CUBIC,
                    b'Z' => CLOSE,
                    _ => 0,
                };
                if code != 0 {
                    bytes[out] = code;
                    out += 1;
                }
                at += 1;
            }
        }
        card += 1;
    }
    starts[PATHS.len()] = out;
    (bytes, starts)
};

/// Parses path data in the subset described above into commands in the unit square. Rejects
/// anything else: other commands (lowercase relative ones included), missing or extra numbers,
/// numbers that are not integers from 0 to 100, drawing outside a shape, a shape left open, an
/// empty path.
pub fn parse(path: &str) -> Result<Vec<PathCommand>, String> {
    let bytes = path.as_bytes();
    let mut at = 0;
    let mut commands = Vec::new();
    let mut open = false;
    loop {
        skip_separators(bytes, &mut at);
        let Some(&letter) = bytes.get(at) else { break };
        let start = at;
        at += 1;
        let arity = match letter {
            b'M' | b'L' => 2,
            b'Q' => 4,
            b'C' => 6,
            b'Z' => 0,
            _ => return Err(format!("unexpected {:?} at byte {start}", char_at(path, start))),
        };
        let mut n = [0.0; 6];
        for value in &mut n[..arity] {
            *value = number(path, &mut at)?;
        }
        let command = match letter {
            b'M' if open => return Err(format!("M at byte {start} before the shape before it is closed")),
            b'M' => PathCommand::Move(n[0], n[1]),
            _ if !open => {
                return Err(format!("{} at byte {start} outside a shape (a shape starts with M)", letter as char));
            }
            b'L' => PathCommand::Line(n[0], n[1]),
            b'Q' => PathCommand::Quad(n[0], n[1], n[2], n[3]),
            b'C' => PathCommand::Cubic(n[0], n[1], n[2], n[3], n[4], n[5]),
            _ => PathCommand::Close,
        };
        open = command != PathCommand::Close;
        commands.push(command);
    }
    if open {
        return Err("the last shape is not closed (Z)".to_string());
    }
    if commands.is_empty() {
        return Err("empty path".to_string());
    }
    Ok(commands)
}

fn skip_separators(bytes: &[u8], at: &mut usize) {
    while bytes.get(*at).is_some_and(|b| b.is_ascii_whitespace() || *b == b',') {
        *at += 1;
    }
}

/// An integer from 0 to 100 at `at` (after separators), as a fraction of the box.
fn number(path: &str, at: &mut usize) -> Result<f64, String> {
    let bytes = path.as_bytes();
    skip_separators(bytes, at);
    let start = *at;
    let mut value = 0u32;
    while let Some(digit) = bytes.get(*at).filter(|b| b.is_ascii_digit()) {
        value = (value * 10 + u32::from(digit - b'0')).min(1000);
        *at += 1;
    }
    if *at == start {
        return Err(match bytes.get(start) {
            Some(_) => format!("expected a number at byte {start}, found {:?}", char_at(path, start)),
            None => "expected a number at the end".to_string(),
        });
    }
    if value > 100 {
        return Err(format!("{} at byte {start} is outside 0–100", &path[start..*at]));
    }
    if let Some(&next) = bytes.get(*at).filter(|b| matches!(b, b'.' | b'e' | b'E')) {
        return Err(format!("expected an integer at byte {start}, found {:?} after it", next as char));
    }
    Ok(f64::from(value) / 100.0)
}

fn char_at(path: &str, at: usize) -> char {
    path[at..].chars().next().unwrap_or('?')
}
