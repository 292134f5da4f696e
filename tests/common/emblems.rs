//! What the emblem tests share: the drawings flattened into polygons, their filled cells on a
//! grid, and the checks every drawing passes (the base cards' and the expansion's alike).

use onitama::ui::emblems::PathCommand;

/// The side of the grid that estimates filled areas.
pub const GRID: usize = 50;

/// The closed polygons of a drawing, each curve flattened into a few segments.
pub fn polygons(commands: &[PathCommand]) -> Vec<Vec<(f64, f64)>> {
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
pub fn signed_area(shape: &[(f64, f64)]) -> f64 {
    (0..shape.len())
        .map(|i| {
            let ((ax, ay), (bx, by)) = (shape[i], shape[(i + 1) % shape.len()]);
            ax * by - bx * ay
        })
        .sum::<f64>()
        / 2.0
}

/// The winding number of the polygons around `(x, y)`.
pub fn winding(shapes: &[Vec<(f64, f64)>], (x, y): (f64, f64)) -> i32 {
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
pub fn raster(commands: &[PathCommand]) -> Vec<bool> {
    let shapes = polygons(commands);
    let cell = |i: usize| (i as f64 + 0.5) / GRID as f64;
    (0..GRID * GRID).map(|i| winding(&shapes, (cell(i % GRID), cell(i / GRID))) != 0).collect()
}

pub fn points(command: PathCommand) -> Vec<(f64, f64)> {
    match command {
        PathCommand::Move(x, y) | PathCommand::Line(x, y) => vec![(x, y)],
        PathCommand::Quad(cx, cy, x, y) => vec![(cx, cy), (x, y)],
        PathCommand::Cubic(ax, ay, bx, by, x, y) => vec![(ax, ay), (bx, by), (x, y)],
        PathCommand::Close => vec![],
    }
}

/// The drawing starts with a move, ends closed, and moves exactly after each close; it has 1 to
/// 24 shapes, each enclosing some area (a tenth of a cell at least).
pub fn assert_closed_shapes(name: &str, commands: &[PathCommand]) {
    assert!(matches!(commands.first(), Some(PathCommand::Move(..))), "{name} starts with {:?}", commands.first());
    assert_eq!(commands.last(), Some(&PathCommand::Close), "{name} ends open");
    for (i, &command) in commands.iter().enumerate().skip(1) {
        let after_close = commands[i - 1] == PathCommand::Close;
        assert_eq!(
            matches!(command, PathCommand::Move(..)),
            after_close,
            "{name}: {command:?} after {:?}",
            commands[i - 1]
        );
    }
    let shapes = polygons(commands);
    assert!((1..=24).contains(&shapes.len()), "{name}: {} shapes", shapes.len());
    for shape in shapes {
        let area = signed_area(&shape);
        assert!(area.abs() * (GRID * GRID) as f64 >= 0.1, "{name}: a shape of area {area} at {:?}", shape[0]);
    }
}

/// Shapes turn clockwise (winding +1), holes counter-clockwise (-1): a hole poking out of its
/// silhouette would fill with winding -1, a dark spur. So the winding never goes below zero.
pub fn assert_holes_inside(name: &str, commands: &[PathCommand]) {
    let shapes = polygons(commands);
    assert!(shapes.iter().any(|shape| signed_area(shape) > 0.0), "{name}: no clockwise shape");
    for i in 0..100 * 100 {
        let point = ((i % 100) as f64 / 100.0 + 0.005, (i / 100) as f64 / 100.0 + 0.005);
        assert!(winding(&shapes, point) >= 0, "{name}: a hole sticks out at {point:?}");
    }
}

pub fn assert_inside_unit_square(name: &str, commands: &[PathCommand]) {
    for &command in commands {
        for (x, y) in points(command) {
            assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y), "{name}: {command:?}");
        }
    }
}

pub fn assert_reasonable_command_count(name: &str, commands: &[PathCommand]) {
    let count = commands.len();
    assert!((10..=80).contains(&count), "{name}: {count} commands");
}

/// The drawing fills 15% to 70% of its box.
pub fn assert_neither_speck_nor_blob(name: &str, commands: &[PathCommand]) {
    let filled = raster(commands).iter().filter(|&&cell| cell).count();
    let share = filled as f64 / (GRID * GRID) as f64;
    assert!((0.15..=0.70).contains(&share), "{name} fills {:.1}% of its box", share * 100.0);
}

/// The drawing spans at least 80% of the box one way and 60% the other: none drawn small in a
/// corner.
pub fn assert_uses_most_of_the_box(name: &str, commands: &[PathCommand]) {
    let cells = raster(commands);
    let filled: Vec<(usize, usize)> = (0..GRID * GRID).filter(|&i| cells[i]).map(|i| (i % GRID, i / GRID)).collect();
    let span =
        |f: fn(&(usize, usize)) -> usize| filled.iter().map(f).max().unwrap() - filled.iter().map(f).min().unwrap() + 1;
    let (wide, high) = (span(|p| p.0), span(|p| p.1));
    assert!(wide.max(high) * 10 >= GRID * 8 && wide.min(high) * 10 >= GRID * 6, "{name}: {wide}×{high} cells");
}

/// Any two drawings differ in their text and in at least a tenth of the box's cells. `first`
/// says which pairs to check: those with at least one drawing from `first` on.
pub fn assert_pairwise_different(drawings: &[(&str, &str, Vec<PathCommand>)], first: usize) {
    let rasters: Vec<Vec<bool>> = drawings.iter().map(|(_, _, commands)| raster(commands)).collect();
    for (i, (a, a_path, _)) in drawings.iter().enumerate() {
        for (j, (b, b_path, _)) in drawings.iter().enumerate().skip(first.max(i + 1)) {
            assert_ne!(a_path, b_path, "{a} and {b}");
            let differ = rasters[i].iter().zip(&rasters[j]).filter(|(x, y)| x != y).count();
            assert!(differ * 10 >= GRID * GRID, "{a} and {b} differ in only {differ} cells");
        }
    }
}

/// An HTML page with every drawing at 120 px and at 40 px, the path data drawn as it is stored.
pub fn preview_page(drawings: &[(&str, &str)]) -> String {
    let tiles = |size: u32| {
        drawings
            .iter()
            .map(|(name, path)| {
                format!(
                    "<figure><svg width=\"{size}\" height=\"{size}\" viewBox=\"0 0 100 100\">\
                     <path d=\"{path}\" fill=\"#8b1e1e\" fill-rule=\"nonzero\"/></svg><figcaption>{name}</figcaption></figure>"
                )
            })
            .collect::<String>()
    };
    format!(
        "<!doctype html><meta charset=\"utf-8\"><title>Emblems</title><style>body{{margin:8px;font:12px sans-serif}}\
         section{{display:flex;flex-wrap:wrap;width:{}px}}figure{{margin:4px;text-align:center}}\
         svg{{background:#f4ecd8;display:block}}</style><section>{}</section><section>{}</section>",
        8 * 128,
        tiles(120),
        tiles(40)
    )
}

/// Writes the page to the file `EMBLEMS_PREVIEW` names, if it is set.
pub fn write_preview(page: &str) {
    if let Some(path) = std::env::var_os("EMBLEMS_PREVIEW") {
        std::fs::write(path, page).unwrap();
    }
}
