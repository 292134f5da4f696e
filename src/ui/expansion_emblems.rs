//! The emblems of the expansion cards, drawn like those of [`super::emblems`] and in the same
//! path subset: a 100×100 box, integer coordinates, closed shapes, clockwise shapes and
//! counter-clockwise holes (patches, plates, bands, eyes). `parse` reads them. The page fetches
//! them as `www/emblems/expansion.txt` (`file` writes it) the first time an expansion card is on
//! the board, so that the first visit does not download them.

use crate::rules::{Card, Pack};

/// The index of the first expansion card in `Card::ALL`.
pub const FIRST: usize = Pack::Base.cards().len() as usize;

/// Each expansion card's identifier and the path data of its emblem.
#[cfg(not(target_arch = "wasm32"))]
pub const EXPANSION_EMBLEMS: [(&str, &str); 18] = [
    // bear: walking, hump-shouldered, round ears, short tail
    (
        "bear",
        concat!(
            "M12 50Q12 34 28 28Q44 20 58 22Q66 22 70 26L71 21Q74 17 78 21L80 25Q86 26 90 32L96 36Q98 40 94 42L86 45Q80 48 78 52Q76 60 78 70L82 86L66 86L64 68Q52 66 40 68L38 86L22 86L24 74Q16 68 13 58L8 56Z",
            "M84 32L86 35L88 32Z",
        ),
    ),
    // panda: sitting, from the front: eye patches, ears, nose, arms and feet as holes
    (
        "panda",
        concat!(
            "M20 14C20 3 38 3 38 14C38 25 20 25 20 14Z",
            "M62 14C62 3 80 3 80 14C80 25 62 25 62 14Z",
            "M27 30C27 5 73 5 73 30C73 55 27 55 27 30Z",
            "M50 42C84 42 94 96 70 96L30 96C6 96 16 42 50 42Z",
            "M22 13C22 20 34 20 34 13C34 6 22 6 22 13Z",
            "M66 13C66 20 78 20 78 13C78 6 66 6 66 13Z",
            "M34 28Q36 41 43 37Q48 30 45 24Q38 20 34 28Z",
            "M66 28Q62 20 55 24Q52 30 57 37Q64 41 66 28Z",
            "M50 45L55 40Q50 38 45 40Z",
            "M22 60Q28 66 32 74Q38 80 44 74Q46 66 40 54Q28 50 22 60Z",
            "M78 60Q72 50 60 54Q54 66 56 74Q62 80 68 74Q72 66 78 60Z",
            "M22 86Q32 96 42 86Q32 74 22 86Z",
            "M58 86Q68 96 78 86Q68 74 58 86Z",
        ),
    ),
    // dog: sitting, floppy ear, tail on the ground
    (
        "dog",
        concat!(
            "M62 8Q74 6 80 14L92 18Q97 22 93 27L82 30Q76 34 76 42Q80 54 76 64L78 84Q86 86 86 92L64 92L62 80L58 92L12 92Q4 92 6 86Q14 88 24 84Q16 70 24 58Q34 44 50 36Q52 22 54 14Q56 8 62 8Z",
            "M56 15Q63 24 59 37L63 37Q68 24 60 13Z",
            "M74 16L76 19L78 16Z",
        ),
    ),
    // fox: trotting, pointed ears, slim muzzle, long bushy white-tipped tail
    (
        "fox",
        concat!(
            "M30 40Q50 34 68 36L72 30L73 12L80 22L86 10L88 26Q92 32 98 38L96 41Q88 42 82 46Q76 52 75 58L78 84L73 84L69 62Q54 62 44 60L44 84L39 84L35 64Q31 60 29 56Q22 68 8 68Q2 68 2 62Q4 36 30 40Z",
            "M6 50Q10 56 8 66L10 66Q12 56 8 49Z",
            "M85 31L87 34L89 31Z",
        ),
    ),
    // giraffe: long neck, ossicones, patches as holes
    (
        "giraffe",
        concat!(
            "M24 42Q40 36 58 38L72 16L73 4L76 4L76 10L79 10L79 4L82 4L82 11Q90 11 96 16L96 21L84 22L70 48Q67 54 66 58L66 96L62 96L61 64L59 64L58 96L54 96L54 60Q46 62 40 60L40 96L36 96L34 64L32 64L30 96L26 96L24 58Q20 52 24 42Z",
            "M24 44L14 66L17 68L12 76L9 67L22 42Z",
            "M32 50L38 48L36 42L30 44Z",
            "M43 48L50 47L50 40L42 41Z",
            "M46 57L52 57L53 52L46 51Z",
            "M64 40L68 34L66 30L62 36Z",
            "M70 29L73 24L71 21L68 26Z",
            "M86 14L88 16L89 13Z",
        ),
    ),
    // kirin: prancing deer-like beast: swept horn, flame mane and tail, scales
    (
        "kirin",
        concat!(
            "M30 42Q46 36 60 38L56 30L64 30L58 20L68 22L64 12L74 16Q70 8 66 2Q78 4 80 12L88 14L97 20L96 25L86 26L83 33L79 28Q76 36 72 44L84 52L80 64L84 68L78 70L76 62L78 54L70 52L66 70L68 92L62 92L60 70L62 62Q52 64 42 62Q44 72 48 84L50 92L42 92L38 78L32 66Q28 62 28 54L20 56L24 48L10 50L18 42L4 38L18 34L10 24L22 30Q24 38 30 42Z",
            "M37 50Q42 47 47 50Q42 42 37 50Z",
            "M48 48Q53 45 58 48Q53 40 48 48Z",
            "M42 58Q47 55 52 58Q47 50 42 58Z",
            "M86 17L88 20L90 17Z",
        ),
    ),
    // mouse: sitting up, big round ear, long curled tail
    (
        "mouse",
        concat!(
            "M50 36C78 36 78 88 52 88C24 88 22 36 50 36Z",
            "M48 34Q50 18 64 18Q76 20 84 32L86 35L82 38Q72 44 56 44Q46 42 48 34Z",
            "M40 17C40 4 60 4 60 17C60 30 40 30 40 17Z",
            "M44 18C44 26 56 26 56 18C56 10 44 10 44 18Z",
            "M70 52L80 54L78 58L68 58Z",
            "M56 84L76 86L76 90L54 90Z",
            "M38 83Q20 95 9 85Q1 76 7 60L11 61Q7 76 13 81Q20 87 36 76Z",
            "M72 27L74 30L76 27Z",
        ),
    ),
    // rat: on all fours, long snout, small ears, long naked tail
    (
        "rat",
        concat!(
            "M17 62Q17 38 42 36Q63 34 76 43Q86 47 99 58L98 61Q88 67 80 67L80 73L86 78L70 78L67 71Q51 73 38 71L40 78L23 78L25 71Q17 69 17 62Z",
            "M23 65Q9 65 11 78Q13 91 0 100Q6 91 4 78Q2 60 21 58Z",
            "M65 43C63 29 78 29 76 43Z",
            "M84 49L86 53L88 49Z",
        ),
    ),
    // sable: slender marten climbing a branch, long bushy tail held out
    (
        "sable",
        concat!(
            "M2 92L98 62L98 68L2 98Z",
            "M30 70Q32 58 46 56Q60 52 70 46Q74 38 80 36L82 32Q85 31 86 34Q92 36 98 42L97 45L86 48Q82 52 82 58L86 67L80 70L76 60Q62 66 50 68L50 79L43 81L40 74Q34 76 30 70Z",
            "M34 70Q22 70 12 66Q4 64 2 56Q16 50 32 62Z",
            "M87 38L89 41L91 38Z",
        ),
    ),
    // otter: swimming: flat whiskered head, long tapering tail, ripples
    (
        "otter",
        concat!(
            "M2 54Q14 48 28 46Q34 40 46 38L70 38Q76 38 80 34L81 31L84 31Q92 32 96 38L98 42Q97 45 94 45L86 47Q82 50 80 54Q78 58 72 58L78 64L74 66L66 60Q52 60 40 58L34 64L24 62L30 56Q16 58 2 54Z",
            "M92 42L100 39L93 44Z",
            "M92 45L100 49L91 47Z",
            "M2 74Q14 68 26 74Q38 80 50 74Q62 68 74 74Q86 80 98 74L98 79Q86 85 74 79Q62 73 50 79Q38 85 26 79Q14 73 2 79Z",
            "M20 88Q32 82 44 88Q56 94 68 88L68 92Q56 98 44 92Q32 86 20 92Z",
            "M86 37L88 40L90 37Z",
        ),
    ),
    // sea-snake: banded, swimming in waves, flat paddle tail
    (
        "sea-snake",
        concat!(
            "M16 21Q26 21 31 29Q36 36 36 48Q36 59 39 65Q41 68 46 68Q51 68 53 65Q56 60 56 50Q56 37 61 29Q66 20 76 20Q86 20 91 29Q96 37 96 50L84 50Q84 39 82 35Q80 32 76 32Q72 32 70 35Q68 39 68 50Q68 64 63 71Q57 80 46 80Q35 80 29 70Q24 63 24 48Q24 38 22 34Q20 31 16 31Z",
            "M23 32L24 35L30 31L29 28Z",
            "M30 68L32 71L38 67L36 64Z",
            "M60 71L62 69L56 65L54 67Z",
            "M68 35L69 32L63 29L62 32Z",
            "M83 32L84 35L90 32L89 29Z",
            "M18 32Q10 33 4 30Q2 27 3 23Q8 18 18 20Z",
            "M84 50L96 48Q100 70 92 88Q84 80 84 64Z",
            "M9 23L11 26L13 23Z",
        ),
    ),
    // viper: coiled to strike: triangular head, open jaws, fang
    (
        "viper",
        concat!(
            "M6 80C6 60 78 60 78 80C78 100 6 100 6 80Z",
            "M18 78C18 86 66 86 66 78C66 70 18 70 18 78Z",
            "M23 75Q7 52 27 34Q43 20 59 25L57 35Q45 32 33 42Q21 52 33 69Z",
            "M54 22Q70 10 94 20L96 24L76 28L90 38L86 42Q70 44 56 38Z",
            "M84 25L89 24L88 32Z",
            "M68 21L71 24L73 21Z",
        ),
    ),
    // tanuki: masked face turned to us, round body, bushy ringed tail
    (
        "tanuki",
        concat!(
            "M16 64C16 35 72 35 72 64C72 93 16 93 16 64Z",
            "M53 32C53 11 87 11 87 32C87 53 53 53 53 32Z",
            "M55 24Q50 8 66 16Z",
            "M74 16Q90 8 85 24Z",
            "M60 46L44 50L56 38Z",
            "M84 38L96 50L80 46Z",
            "M58 80L70 80L72 94L60 94Z",
            "M22 78L34 80L32 94L20 94Z",
            "M26 68Q14 72 16 84Q18 92 14 94Q2 94 2 76Q2 58 20 54Z",
            "M60 26Q70 22 80 26Q70 16 60 26Z",
            "M62 40Q70 48 78 40Q76 32 70 32Q64 32 62 40Z",
            "M67 36L73 36L70 39Z",
            "M64 33L64 30L60 32Z",
            "M80 32L76 30L76 33Z",
            "M5 76L20 70L20 67L5 72Z",
            "M5 88L15 83L15 80L5 84Z",
        ),
    ),
    // iguana: spiny crest, dewlap, long tail
    (
        "iguana",
        concat!(
            "M24 44L28 38L32 42L36 35L40 40L44 33L48 39L52 32L56 38L60 32L64 37L68 30L72 35L76 28Q88 28 96 38L96 42L84 44Q82 56 76 60Q74 52 72 50L74 58L82 60L82 64L66 64L64 56L40 58L38 64L42 66L28 68L30 62L26 56Q10 60 8 74Q8 84 16 88L14 90Q2 86 2 72Q2 50 24 44Z",
            "M84 34L86 37L88 34Z",
        ),
    ),
    // phoenix: flying: raised wing, crest, long sweeping tail plumes
    (
        "phoenix",
        concat!(
            "M38 50Q44 38 58 38Q64 36 64 30Q64 20 74 20L86 24L78 28Q72 32 72 40Q70 54 56 58Q46 60 38 50Z",
            "M68 22L60 8L70 16L70 4L76 18Z",
            "M46 44Q28 34 14 12Q18 6 24 10Q26 2 32 6Q36 0 42 6Q48 2 50 10Q56 10 56 18Q58 30 58 42Z",
            "M42 57Q17 59 11 71Q8 84 16 84L16 84Q0 84 5 69Q15 49 42 47Z",
            "M47 60Q29 72 27 82Q26 95 36 94L36 94Q18 97 21 82Q23 64 41 52Z",
            "M54 56Q52 75 57 83Q60 90 68 86L68 86Q56 94 51 85Q44 73 46 56Z",
            "M74 24L76 26L78 24Z",
        ),
    ),
    // turtle: side view: domed shell with plates as holes
    (
        "turtle",
        concat!(
            "M14 64Q16 19 48 16Q78 16 84 59L84 64Z",
            "M76 56Q84 46 92 48Q98 50 98 57Q96 64 88 64L76 64Z",
            "M64 60L80 60L88 76Q84 82 74 80Z",
            "M22 60L36 60L32 80Q20 82 16 76Z",
            "M16 64L4 66L16 58Z",
            "M33 37L40 51L56 51L63 37L56 22L40 22Z",
            "M36 24Q19 30 18 51L36 51L30 37L36 24Z",
            "M60 22L66 37L60 51L80 51Q79 28 60 22Z",
            "M18 59L32 59L32 54L18 54Z",
            "M35 59L49 59L49 54L35 54Z",
            "M52 59L66 59L66 54L52 54Z",
            "M69 59L80 59L80 54L69 54Z",
            "M88 53L90 56L92 53Z",
        ),
    ),
    // sheep: woolly cloud body, plain face and ear, stick legs
    (
        "sheep",
        concat!(
            "M74 48Q78 55 69 60Q67 68 55 68Q47 74 37 70Q26 72 21 65Q10 62 11 54Q4 48 11 42Q10 34 21 31Q26 24 37 26Q47 22 55 28Q67 28 69 36Q78 41 74 48Z",
            "M70 34Q80 28 90 34L96 46Q96 52 90 52L82 50Q74 46 70 42Z",
            "M72 40L64 32L76 34Z",
            "M20 64L25 64L25 94L20 94Z",
            "M30 64L35 64L35 94L30 94Z",
            "M52 64L57 64L57 94L52 94Z",
            "M62 64L67 64L67 94L62 94Z",
            "M84 38L86 40L88 38Z",
        ),
    ),
    // goat: on a rock: backswept horn, beard, short tail
    (
        "goat",
        concat!(
            "M22 42L14 34L18 32L26 38Q46 36 62 38L66 24Q68 16 76 14L88 22L94 30L92 34L86 34L86 46L82 36Q78 40 74 44Q72 52 70 60L72 82L67 82L64 64Q50 66 36 64L34 82L29 82L28 66Q22 62 22 42Z",
            "M72 16Q66 6 54 8Q66 0 78 12Z",
            "M70 26L60 26L70 22Z",
            "M10 96L22 80L40 82L50 76L70 80L84 96Z",
            "M80 20L82 23L84 20Z",
        ),
    ),
];

/// The emblems' file as the page fetches it: one card a line, its name and its path data.
#[cfg(not(target_arch = "wasm32"))]
pub fn file() -> String {
    let mut file = String::from(
        "# Written from src/ui/expansion_emblems.rs by tests/expansion_emblems.rs: edit the Rust table, not this file.\n",
    );
    for (name, path) in EXPANSION_EMBLEMS {
        file.push_str(&format!("{name} {path}\n"));
    }
    file
}

/// The emblems' path data a file holds, in the order of `Card::ALL` after the base cards; none if
/// a card is missing or out of order (a file cut short, or from another build). The page draws
/// them as they are (a canvas reads this path syntax); the tests check the table's drawings.
pub fn read(file: &str) -> Option<Vec<String>> {
    let mut lines = file.lines().filter(|line| !line.starts_with('#') && !line.is_empty());
    let paths = Card::ALL[FIRST..]
        .iter()
        .map(|card| {
            let (name, path) = lines.next()?.split_once(' ')?;
            (name == card.name()).then(|| path.to_string())
        })
        .collect::<Option<Vec<_>>>()?;
    lines.next().is_none().then_some(paths)
}
