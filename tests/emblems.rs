//! The card emblems: one drawing per card, each well-formed path data that parses into closed
//! shapes inside the unit square, of a sensible size and filled area, all different; and the
//! parser refuses anything outside its subset.
//!
//! `EMBLEMS_PREVIEW=/tmp/emblems.html cargo test --test emblems preview` also writes a page
//! that shows them all, large and at card size.

use onitama::rules::{Card, Pack};
use onitama::ui::emblems::{PathCommand, emblem, parse, path_data};

/// The side of the grid that estimates filled areas.
const GRID: usize = 50;

/// The closed polygons of a drawing, each curve flattened into a few segments.
fn polygons(commands: &[PathCommand]) -> Vec<Vec<(f64, f64)>> {
    const STEPS: usize = 8;
    let mut shapes = Vec::new();
    let mut shape: Vec<(f64, f64)> = Vec::new();
    let mut current = (0.0, 0.0);
    for &command in commands {
        match command {
            PathCommand::Move(x, y) => {
                shape = vec![(x, y)];
                current = (x, y);
            }
            PathCommand::Line(x, y) => {
                shape.push((x, y));
                current = (x, y);
            }
            PathCommand::Quad(cx, cy, x, y) => {
                let (x0, y0) = current;
                for i in 1..=STEPS {
                    let t = i as f64 / STEPS as f64;
                    let u = 1.0 - t;
                    shape.push((u * u * x0 + 2.0 * u * t * cx + t * t * x, u * u * y0 + 2.0 * u * t * cy + t * t * y));
                }
                current = (x, y);
            }
            PathCommand::Cubic(ax, ay, bx, by, x, y) => {
                let (x0, y0) = current;
                for i in 1..=STEPS {
                    let t = i as f64 / STEPS as f64;
                    let u = 1.0 - t;
                    let (k0, k1, k2, k3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                    shape.push((k0 * x0 + k1 * ax + k2 * bx + k3 * x, k0 * y0 + k1 * ay + k2 * by + k3 * y));
                }
                current = (x, y);
            }
            PathCommand::Close => shapes.push(std::mem::take(&mut shape)),
        }
    }
    shapes
}

/// The polygon's area, positive when it turns clockwise on screen (y down).
fn signed_area(shape: &[(f64, f64)]) -> f64 {
    (0..shape.len())
        .map(|i| {
            let ((ax, ay), (bx, by)) = (shape[i], shape[(i + 1) % shape.len()]);
            ax * by - bx * ay
        })
        .sum::<f64>()
        / 2.0
}

/// The winding number of the polygons around `(x, y)`.
fn winding(shapes: &[Vec<(f64, f64)>], (x, y): (f64, f64)) -> i32 {
    let mut winding = 0;
    for shape in shapes {
        for (i, &(ax, ay)) in shape.iter().enumerate() {
            let (bx, by) = shape[(i + 1) % shape.len()];
            let side = (bx - ax) * (y - ay) - (x - ax) * (by - ay);
            if ay <= y && by > y && side > 0.0 {
                winding += 1;
            } else if ay > y && by <= y && side < 0.0 {
                winding -= 1;
            }
        }
    }
    winding
}

/// Which cells of a GRID×GRID grid over the unit square the drawing fills (non-zero rule,
/// sampled at the cells' centres).
fn raster(commands: &[PathCommand]) -> Vec<bool> {
    let shapes = polygons(commands);
    let cell = |i: usize| (i as f64 + 0.5) / GRID as f64;
    (0..GRID * GRID).map(|i| winding(&shapes, (cell(i % GRID), cell(i / GRID))) != 0).collect()
}

fn points(command: PathCommand) -> Vec<(f64, f64)> {
    match command {
        PathCommand::Move(x, y) | PathCommand::Line(x, y) => vec![(x, y)],
        PathCommand::Quad(cx, cy, x, y) => vec![(cx, cy), (x, y)],
        PathCommand::Cubic(ax, ay, bx, by, x, y) => vec![(ax, ay), (bx, by), (x, y)],
        PathCommand::Close => vec![],
    }
}

/// The cards drawn so far: every base card, and the expansion cards as their drawings come.
fn drawn() -> impl Iterator<Item = Card> {
    Card::ALL.into_iter().filter(|&card| path_data(card).is_some())
}

#[test]
fn every_card_has_an_emblem() {
    for card in Pack::Base.cards() {
        assert!(path_data(card).is_some(), "{card}");
    }
    for card in drawn() {
        let parsed = parse(path_data(card).unwrap()).unwrap_or_else(|error| panic!("{card}: {error}"));
        assert!(!parsed.is_empty(), "{card}");
        assert_eq!(emblem(card), parsed, "{card}");
    }
    // A card not drawn yet draws nothing.
    for card in Card::ALL.into_iter().filter(|&card| path_data(card).is_none()) {
        assert!(emblem(card).is_empty(), "{card}");
    }
}

#[test]
fn parse_reads_the_subset() {
    use PathCommand::*;
    assert_eq!(
        parse("M0 0L100 0Q100 50 50 100C40 90 20 80 0 50Z").unwrap(),
        [Move(0.0, 0.0), Line(1.0, 0.0), Quad(1.0, 0.5, 0.5, 1.0), Cubic(0.4, 0.9, 0.2, 0.8, 0.0, 0.5), Close]
    );
    // Separators are free: spaces, commas, none before a letter; several shapes follow each other.
    assert_eq!(
        parse(" M 10,20 L 30 40 Z\nM5 5L6 6L7 5Z ").unwrap(),
        [Move(0.1, 0.2), Line(0.3, 0.4), Close, Move(0.05, 0.05), Line(0.06, 0.06), Line(0.07, 0.05), Close]
    );
}

#[test]
fn parse_rejects_malformed_data() {
    for bad in [
        "",
        "   ",
        "Z",
        "L10 10L20 20Z",
        "M10 10L20 20",
        "M10 10L20 20ZL30 30Z",
        "M10 10L20 20M30 30L40 40Z",
        "M10 10L20 20ZZ",
        "M10",
        "M10 10L20",
        "M10 10Q1 2 3Z",
        "M10 10C1 2 3 4 5Z",
        "M10 10L20 20 30 30Z",
        "M10 10L101 20Z",
        "M10 10L1000 20Z",
        "M10 10L99999999999 20Z",
        "M-5 10L20 20Z",
        "M+5 10L20 20Z",
        "M10.5 10L20 20Z",
        "M10 10L20 20.Z",
        "M1e1 10L20 20Z",
        "m10 10l5 5z",
        "M10 10H20V20Z",
        "M10 10A5 5 0 0 1 20 20Z",
        "M10 10X20 20Z",
        "M10 10L20 20Z garbage",
        "M10 10L20 20;Z",
        "M10 10L２0 20Z",
        "M10 10L20 20Zé",
    ] {
        assert!(parse(bad).is_err(), "{bad:?} parsed as {:?}", parse(bad));
    }
}

#[test]
fn emblems_are_closed_shapes_starting_with_a_move() {
    for card in drawn() {
        let commands = emblem(card);
        assert!(matches!(commands.first(), Some(PathCommand::Move(..))), "{card} starts with {:?}", commands.first());
        assert_eq!(commands.last(), Some(&PathCommand::Close), "{card} ends open");
        for (i, &command) in commands.iter().enumerate().skip(1) {
            let after_close = commands[i - 1] == PathCommand::Close;
            assert_eq!(
                matches!(command, PathCommand::Move(..)),
                after_close,
                "{card}: {command:?} after {:?}",
                commands[i - 1]
            );
        }
        // Every shape encloses some area (a tenth of a cell at least).
        let shapes = polygons(&commands);
        assert!((1..=24).contains(&shapes.len()), "{card}: {} shapes", shapes.len());
        for shape in shapes {
            let area = signed_area(&shape);
            assert!(area.abs() * (GRID * GRID) as f64 >= 0.1, "{card}: a shape of area {area} at {:?}", shape[0]);
        }
    }
}

#[test]
fn holes_stay_inside_their_silhouettes() {
    // Shapes turn clockwise (winding +1), holes counter-clockwise (-1): a hole poking out of its
    // silhouette would fill with winding -1, a dark spur. So the winding never goes below zero.
    for card in drawn() {
        let shapes = polygons(&emblem(card));
        assert!(shapes.iter().any(|shape| signed_area(shape) > 0.0), "{card}: no clockwise shape");
        for i in 0..100 * 100 {
            let point = ((i % 100) as f64 / 100.0 + 0.005, (i / 100) as f64 / 100.0 + 0.005);
            assert!(winding(&shapes, point) >= 0, "{card}: a hole sticks out at {point:?}");
        }
    }
}

#[test]
fn emblems_stay_inside_the_unit_square() {
    for card in drawn() {
        for command in emblem(card) {
            for (x, y) in points(command) {
                assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y), "{card}: {command:?}");
            }
        }
    }
}

#[test]
fn emblems_have_a_reasonable_number_of_commands() {
    for card in drawn() {
        let count = emblem(card).len();
        assert!((10..=80).contains(&count), "{card}: {count} commands");
    }
}

#[test]
fn emblems_fill_neither_a_speck_nor_a_blob() {
    for card in drawn() {
        let filled = raster(&emblem(card)).iter().filter(|&&cell| cell).count();
        let share = filled as f64 / (GRID * GRID) as f64;
        assert!((0.15..=0.70).contains(&share), "{card} fills {:.1}% of its box", share * 100.0);
    }
}

#[test]
fn emblems_use_most_of_their_box() {
    // Each drawing spans at least 80% of the box one way and 60% the other: none drawn small in a corner.
    for card in drawn() {
        let cells = raster(&emblem(card));
        let filled: Vec<(usize, usize)> =
            (0..GRID * GRID).filter(|&i| cells[i]).map(|i| (i % GRID, i / GRID)).collect();
        let span = |f: fn(&(usize, usize)) -> usize| {
            filled.iter().map(f).max().unwrap() - filled.iter().map(f).min().unwrap() + 1
        };
        let (wide, high) = (span(|p| p.0), span(|p| p.1));
        assert!(wide.max(high) * 10 >= GRID * 8 && wide.min(high) * 10 >= GRID * 6, "{card}: {wide}×{high} cells");
    }
}

#[test]
fn emblems_are_pairwise_different() {
    let cards: Vec<Card> = drawn().collect();
    let rasters: Vec<Vec<bool>> = cards.iter().map(|&card| raster(&emblem(card))).collect();
    for (i, a) in cards.iter().enumerate() {
        for (j, b) in cards.iter().enumerate().skip(i + 1) {
            assert_ne!(path_data(*a), path_data(*b));
            let differ = rasters[i].iter().zip(&rasters[j]).filter(|(x, y)| x != y).count();
            // At least a tenth of the box tells any two apart.
            assert!(differ * 10 >= GRID * GRID, "{a} and {b} differ in only {differ} cells");
        }
    }
}

#[test]
fn emblems_fit_the_download_budget() {
    let bytes: usize = drawn().filter_map(path_data).map(str::len).sum();
    assert!(bytes <= 5 * 1024, "{bytes} bytes of path data");
}

/// Writes an HTML page with every emblem at 120 px and at 40 px, if `EMBLEMS_PREVIEW` names a
/// file; the page draws the path data as it is stored, as SVG paths.
#[test]
fn preview() {
    let tiles = |size: u32| {
        drawn()
            .map(|card| {
                format!(
                    "<figure><svg width=\"{size}\" height=\"{size}\" viewBox=\"0 0 100 100\">\
                     <path d=\"{}\" fill=\"#8b1e1e\" fill-rule=\"nonzero\"/></svg><figcaption>{}</figcaption></figure>",
                    path_data(card).unwrap_or_default(),
                    card.name()
                )
            })
            .collect::<String>()
    };
    let page = format!(
        "<!doctype html><meta charset=\"utf-8\"><title>Emblems</title><style>body{{margin:8px;font:12px sans-serif}}\
         section{{display:flex;flex-wrap:wrap;width:{}px}}figure{{margin:4px;text-align:center}}\
         svg{{background:#f4ecd8;display:block}}</style><section>{}</section><section>{}</section>",
        8 * 128,
        tiles(120),
        tiles(40)
    );
    assert!(page.contains("tiger") && page.contains("cobra"));
    if let Some(path) = std::env::var_os("EMBLEMS_PREVIEW") {
        std::fs::write(path, page).unwrap();
    }
}
