//! No circle of imports between modules, in the page's crate and in every crate beside it: a
//! module that uses another (by `use`, or by a `crate::`, `super::`, `self::` or child module's
//! path in its code) never has that module use it back, directly or through others. Test modules
//! inside a file are left out: they use the file they test.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from its crate's root: `["ui", "session"]`.
type ModPath = Vec<String>;

struct Module {
    path: ModPath,
    code: String,
    children: Vec<String>,
}

/// Every crate root of the workspace (libraries and binaries with modules of their own).
const ROOTS: [&str; 8] = [
    "src/lib.rs",
    "src/bin/onitama-cli/main.rs",
    "crates/core/src/lib.rs",
    "crates/lang/src/lib.rs",
    "crates/online/src/lib.rs",
    "crates/js/src/lib.rs",
    "crates/peer/src/main.rs",
    "src/main.rs",
];

#[test]
fn no_module_uses_a_module_that_uses_it_back() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut circles = Vec::new();
    for root in ROOTS {
        let modules = modules_of(&base.join(root));
        assert!(!modules.is_empty(), "{root}: no module read");
        let graph = uses(&modules);
        for circle in circles_in(&graph) {
            circles.push(format!("{root}: {}", circle.iter().map(name).collect::<Vec<_>>().join(" → ")));
        }
    }
    assert!(circles.is_empty(), "circles of imports:\n{}", circles.join("\n"));
}

#[test]
fn the_reader_finds_uses_of_every_kind_and_the_circles_they_make() {
    let module = |path: &[&str], code: &str, children: &[&str]| Module {
        path: path.iter().map(|s| s.to_string()).collect(),
        code: without_tests(&plain_code(code)),
        children: children.iter().map(|s| s.to_string()).collect(),
    };
    let modules = vec![
        module(&[], "pub mod a; pub mod b; pub use a::Thing;", &["a", "b"]),
        module(&["a"], "use super::b::{self, Other};\nuse c::Thing;\nfn f() { crate::b::g(); }", &["c"]),
        module(&["a", "c"], "// crate::b is named in a comment only\nlet s = \"crate::b\";", &[]),
        module(&["b"], "fn g() { super::a::c::h() }\n#[cfg(test)]\nmod tests { use crate::a; }", &[]),
    ];
    let graph = uses(&modules);
    let set = |paths: &[&[&str]]| -> BTreeSet<ModPath> {
        paths.iter().map(|p| p.iter().map(|s| s.to_string()).collect()).collect()
    };
    assert_eq!(graph[&vec!["a".to_string()]], set(&[&["b"], &["a", "c"]]));
    assert_eq!(graph[&vec!["a".to_string(), "c".to_string()]], set(&[]), "comments and strings are not uses");
    assert_eq!(graph[&vec!["b".to_string()]], set(&[&["a", "c"]]), "a test module's uses are left out");
    assert_eq!(graph[&Vec::new()], set(&[&["a"]]));
    assert!(circles_in(&graph).is_empty());
    let mut back = modules;
    back[2].code = "use crate::a::Thing;".to_string();
    let circles = circles_in(&uses(&back));
    // `a::c` now uses `a` (through the root's re-export of `a::Thing`), which uses it: a circle,
    // and `b` in another through `a::c`.
    assert!(!circles.is_empty(), "{circles:?}");
    for circle in &circles {
        assert_eq!(circle.first(), circle.last(), "{circle:?}");
        assert!(circle.contains(&vec!["a".to_string(), "c".to_string()]), "{circle:?}");
    }
}

/// The modules of the crate whose root file is `root`, read from their files.
fn modules_of(root: &Path) -> Vec<Module> {
    let mut modules = Vec::new();
    let mut files: Vec<(ModPath, PathBuf)> = vec![(Vec::new(), root.to_path_buf())];
    while let Some((path, file)) = files.pop() {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let code = without_tests(&plain_code(&text));
        let children = declared_modules(&code);
        // A root or a mod.rs keeps its children beside it; a file `x.rs` keeps them in `x/`.
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("mod.rs" | "lib.rs" | "main.rs") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for child in &children {
            let own = dir.join(format!("{child}.rs"));
            let nested = dir.join(child).join("mod.rs");
            let child_path = [path.clone(), vec![child.clone()]].concat();
            files.push((child_path, if own.exists() { own } else { nested }));
        }
        modules.push(Module { path, code, children });
    }
    modules
}

/// The names of the modules a file declares from files of their own (`mod x;`).
fn declared_modules(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for statement in code.split(';') {
        let words: Vec<&str> = statement.split_whitespace().collect();
        if let [.., "mod", name] = words.as_slice()
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            names.push(name.to_string());
        }
    }
    names
}

/// The code with comments and the contents of string and character literals blanked.
fn plain_code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_char(out.chars().last()) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            j += 1;
            while j < chars.len() && !(chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#'))) {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1 + hashes;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && next.is_some_and(|n| n != '\\') && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            let end = chars[i + 2..].iter().position(|&ch| ch == '\'').map_or(chars.len(), |p| i + 2 + p);
            out.push_str("' '");
            i = end + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The code without its inline test modules (`#[cfg(test)] mod … { … }`).
fn without_tests(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let rest = &out[at..];
        let Some(open) = rest.find('{') else { break };
        let head = &rest[..open];
        if !head.contains("mod ") {
            // Not a module: keep it, marked so that the search moves on.
            out.replace_range(at..at + "#[cfg(test)]".len(), "#[cfg(tested)]");
            continue;
        }
        let mut depth = 0;
        let mut end = rest.len();
        for (k, ch) in rest[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(at..at + end, "");
    }
    out
}

/// Which modules each module uses (never itself). A name a module re-exports (`pub use`) leads
/// to the module it comes from: `use super::Card` in `rules::deal` uses `rules::card`.
fn uses(modules: &[Module]) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let known: BTreeSet<ModPath> = modules.iter().map(|m| m.path.clone()).collect();
    let exports: BTreeMap<ModPath, BTreeMap<String, ModPath>> =
        modules.iter().map(|m| (m.path.clone(), re_exports(m))).collect();
    let mut graph = BTreeMap::new();
    for module in modules {
        let mut targets = BTreeSet::new();
        for path in paths_in(&module.code, &module.children) {
            let Some(mut absolute) = resolve(&module.path, &path) else { continue };
            // The longest known module the path goes through, through re-exports.
            let mut target = None;
            for _ in 0..8 {
                let Some(found) =
                    (0..=absolute.len()).rev().map(|n| absolute[..n].to_vec()).find(|p| known.contains(p))
                else {
                    break;
                };
                let source = absolute.get(found.len()).and_then(|item| exports.get(&found)?.get(item));
                match source {
                    Some(source) if *source != absolute => {
                        absolute = [source.clone(), absolute[found.len() + 1..].to_vec()].concat();
                        target = Some(found);
                    }
                    _ => {
                        target = Some(found);
                        break;
                    }
                }
            }
            if let Some(target) = target.filter(|t| *t != module.path) {
                targets.insert(target);
            }
        }
        graph.insert(module.path.clone(), targets);
    }
    graph
}

/// The names a module re-exports, each with the absolute path it comes from.
fn re_exports(module: &Module) -> BTreeMap<String, ModPath> {
    let mut names = BTreeMap::new();
    for statement in module.code.split(';') {
        let Some(at) = statement.find("pub use ") else { continue };
        let mut paths = Vec::new();
        expand(&tidy(&statement[at + "pub use ".len()..]), &[], &mut paths);
        for (path, alias) in paths.iter().map(|p| (p, p.last().cloned())) {
            if let (Some(absolute), Some(alias)) = (resolve(&module.path, path), alias) {
                names.insert(alias, absolute);
            }
        }
    }
    names
}

/// A `use` tree with one space at most, and none around its punctuation (` as ` stays).
fn tidy(tree: &str) -> String {
    let mut tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    for mark in ["::", "{", "}", ","] {
        tree = tree.replace(&format!(" {mark}"), mark).replace(&format!("{mark} "), mark);
    }
    tree
}

/// The paths a module's code names that may lead to another module of its crate: every `use`
/// tree's leaves, and every path in the code that begins with `crate`, `super`, `self` or a child
/// module's name.
fn paths_in(code: &str, children: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for statement in code.split(';') {
        let trimmed = statement.trim_start();
        let tree = ["pub use ", "pub(crate) use ", "pub(super) use ", "use "]
            .iter()
            .find_map(|prefix| trimmed.rfind(prefix).map(|at| &trimmed[at + prefix.len()..]));
        if let Some(tree) = tree {
            expand(&tidy(tree), &[], &mut paths);
        }
    }
    // Paths in expressions and types.
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if ident_char(Some(chars[i])) && (i == 0 || !ident_char(Some(chars[i - 1])) && chars[i - 1] != ':') {
            let mut segments = Vec::new();
            let mut j = i;
            loop {
                let start = j;
                while j < chars.len() && ident_char(Some(chars[j])) {
                    j += 1;
                }
                segments.push(chars[start..j].iter().collect::<String>());
                if chars.get(j) == Some(&':') && chars.get(j + 1) == Some(&':') && ident_char(chars.get(j + 2).copied())
                {
                    j += 2;
                } else {
                    break;
                }
            }
            let first = segments[0].as_str();
            if segments.len() > 1
                && (["crate", "super", "self"].contains(&first) || children.iter().any(|c| c == first))
            {
                paths.push(segments);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    paths
}

/// Expands a `use` tree (`a::{b, c::{d, self}}`, without spaces) into its leaves' paths.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim_start_matches("::");
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
        let base = [prefix.to_vec(), head].concat();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..k], &base, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &base, out);
    } else {
        let leaf = tree.split(" as ").next().unwrap_or(tree);
        let mut path = prefix.to_vec();
        path.extend(leaf.split("::").filter(|s| !s.is_empty() && *s != "*").map(str::to_string));
        if path.last().is_some_and(|s| s == "self") {
            path.pop();
        }
        if !path.is_empty() {
            out.push(path);
        }
    }
}

/// The absolute path of `path` named in module `here`; `None` for another crate's path.
fn resolve(here: &ModPath, path: &[String]) -> Option<ModPath> {
    let mut absolute: ModPath = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "self" | "super" => here.clone(),
        _ => [here.clone(), vec![path[0].clone()]].concat(),
    };
    let mut rest = match path[0].as_str() {
        "crate" | "self" => &path[1..],
        "super" => path,
        _ => &path[1..],
    };
    while rest.first().is_some_and(|s| s == "super") {
        absolute.pop()?;
        rest = &rest[1..];
    }
    absolute.extend(rest.iter().cloned());
    Some(absolute)
}

/// Every circle of the graph: one per strongly connected group of modules, shown as a path
/// through it that comes back to its start.
fn circles_in(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    let mut circles = Vec::new();
    let mut seen: BTreeSet<ModPath> = BTreeSet::new();
    for start in graph.keys() {
        if seen.contains(start) {
            continue;
        }
        if let Some(circle) = path_back(graph, start) {
            seen.extend(circle.iter().cloned());
            circles.push(circle);
        }
    }
    circles
}

/// The shortest path from `start` back to itself, if any.
fn path_back(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>, start: &ModPath) -> Option<Vec<ModPath>> {
    let mut came_from: BTreeMap<ModPath, ModPath> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    while let Some(node) = queue.pop_front() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == start {
                let mut circle = vec![start.clone(), node.clone()];
                let mut at = node.clone();
                while let Some(prev) = came_from.get(&at) {
                    circle.insert(1, prev.clone());
                    at = prev.clone();
                }
                circle.dedup();
                circle.push(start.clone());
                return Some(circle);
            }
            if !came_from.contains_key(next) && next != start {
                came_from.insert(next.clone(), node.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

fn name(path: &ModPath) -> String {
    if path.is_empty() { "(root)".to_string() } else { path.join("::") }
}
