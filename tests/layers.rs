//! The app's layers, checked from its source: every module of `src/` belongs to a layer, no module
//! imports from a layer above its own, and no modules import each other in a cycle. A path counts
//! wherever it is written (`use crate::…`, `crate::…` inline, `super::…`, a child module's name).
//!
//! The layers, bottom up: `schedule` (the frame's order), `state` (the game, the selection and the
//! modes), `scene` (the embedded board, pieces, chart, cameras), `features` (overlays and teaching
//! aids drawn over the scene), `ui` (the panel, its buttons, the keyboard), and the crate root with
//! the command line and the capture (`lib`, `main`, `cli`, `capture`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom up: a module may import from its own layer and those below.
const LAYERS: [&[&str]; 6] =
    [&["schedule"], &["state"], &["scene"], &["features"], &["ui"], &["", "main", "cli", "capture"]];

/// A module's path inside the crate: `["state", "play"]`; the root is `[]`.
type Module = Vec<String>;

fn layer(module: &Module) -> Option<usize> {
    let top = module.first().map_or("", String::as_str);
    LAYERS.iter().position(|names| names.contains(&top))
}

fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = relative.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text without line comments (doc links name modules without importing them) and without
/// its unit tests (`#[cfg(test)] mod tests` at the end of a file, whose `super` is the file).
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The paths a use tree names: `a::{b, c::d}` gives `a::b` and `a::c::d`.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let (mut depth, mut start) = (0, 0);
        for (i, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(prefix, &inner[start..], out);
        return;
    }
    match tree.split_once("::") {
        Some((head, rest)) => {
            let mut next = prefix.to_vec();
            next.push(head.trim().to_string());
            expand(&next, rest, out);
        }
        None => {
            let mut path = prefix.to_vec();
            path.push(tree.split(" as ").next().unwrap_or(tree).trim().to_string());
            out.push(path);
        }
    }
}

fn ident(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '_'
}

/// The module paths a file names, relative to the crate root.
fn named_paths(module: &Module, is_mod_file: bool, text: &str) -> Vec<Vec<String>> {
    let text = code(text);
    let parent: Vec<String> = if module.is_empty() { Vec::new() } else { module[..module.len() - 1].to_vec() };
    let mut out = Vec::new();
    // `use` statements, whole trees.
    let mut rest = text.as_str();
    while let Some(at) = rest.find("use ") {
        let before_ok = at == 0 || !ident(rest[..at].chars().last().unwrap_or(' '));
        let tail = &rest[at + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        if before_ok {
            let tree = tail[..end].trim();
            let mut paths = Vec::new();
            if let Some(t) = tree.strip_prefix("crate::") {
                expand(&[], t, &mut paths);
            } else if let Some(t) = tree.strip_prefix("super::") {
                expand(&parent, t, &mut paths);
            } else if let Some(t) = tree.strip_prefix("self::") {
                expand(module, t, &mut paths);
            }
            out.extend(paths);
        }
        rest = &tail[end.min(tail.len())..];
    }
    // Inline paths: `crate::a::b::C`, `super::x::Y`.
    for (marker, base) in [("crate::", Vec::new()), ("super::", parent.clone())] {
        let mut from = 0;
        while let Some(at) = text[from..].find(marker) {
            let start = from + at;
            from = start + marker.len();
            if text[..start].chars().last().is_some_and(|c| ident(c) || c == ':') {
                continue;
            }
            let path: String = text[from..].chars().take_while(|&c| ident(c) || c == ':').collect();
            if path.ends_with("::") {
                // A grouped `use` (`crate::a::{b, c}`): read whole by the first pass.
                continue;
            }
            let mut full = base.clone();
            full.extend(path.split("::").filter(|s| !s.is_empty()).map(str::to_string));
            out.push(full);
        }
    }
    // A module's children by name: `tokens::place_tokens` in `chart/mod.rs`.
    if is_mod_file || module.is_empty() {
        for line in text.lines() {
            let line = line.trim();
            let Some(name) =
                line.strip_prefix("pub mod ").or(line.strip_prefix("mod ")).and_then(|l| l.strip_suffix(';'))
            else {
                continue;
            };
            let needle = format!("{name}::");
            let mentioned = text
                .match_indices(&needle)
                .any(|(i, _)| !text[..i].chars().last().is_some_and(|c| ident(c) || c == ':'));
            if mentioned {
                let mut child = module.clone();
                child.push(name.to_string());
                out.push(child);
            }
        }
    }
    out
}

/// Every module and the modules it imports from.
fn imports() -> BTreeMap<Module, (PathBuf, BTreeSet<Module>)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeMap<Module, PathBuf> = files.iter().map(|f| (module_of(&src, f), f.clone())).collect();
    let resolve = |path: &[String]| {
        (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|prefix| modules.contains_key(prefix))
    };
    modules
        .iter()
        .map(|(module, file)| {
            let text = std::fs::read_to_string(file).expect("readable source");
            let is_mod_file = file.file_name().is_some_and(|n| n == "mod.rs");
            let targets = named_paths(module, is_mod_file, &text)
                .iter()
                .filter_map(|p| resolve(p))
                .filter(|target| target != module && !target.is_empty())
                .collect();
            (module.clone(), (file.clone(), targets))
        })
        .collect()
}

fn name(module: &Module) -> String {
    if module.is_empty() { "lib".into() } else { module.join("::") }
}

#[test]
fn every_module_belongs_to_a_layer() {
    let strays: Vec<String> = imports().keys().filter(|m| layer(m).is_none()).map(name).collect();
    assert!(strays.is_empty(), "modules outside the layers (place them in one): {strays:?}");
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let mut wrong = Vec::new();
    for (module, (file, targets)) in imports() {
        for target in targets {
            if let (Some(from), Some(to)) = (layer(&module), layer(&target))
                && to > from
            {
                wrong.push(format!("{} imports {}", file.display(), name(&target)));
            }
        }
    }
    assert!(wrong.is_empty(), "imports that point up a layer:\n{}", wrong.join("\n"));
}

#[test]
fn no_modules_import_each_other_in_a_cycle() {
    let graph = imports();
    // Depth-first search; a grey module met again closes a cycle.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Grey,
        Black,
    }
    fn visit(
        m: &Module,
        graph: &BTreeMap<Module, (PathBuf, BTreeSet<Module>)>,
        marks: &mut BTreeMap<Module, Mark>,
        stack: &mut Vec<Module>,
        cycles: &mut Vec<String>,
    ) {
        marks.insert(m.clone(), Mark::Grey);
        stack.push(m.clone());
        for next in graph.get(m).map(|g| &g.1).into_iter().flatten() {
            match marks.get(next) {
                Some(Mark::Grey) => {
                    let at = stack.iter().position(|s| s == next).unwrap_or(0);
                    let mut cycle: Vec<String> = stack[at..].iter().map(name).collect();
                    cycle.push(name(next));
                    cycles.push(cycle.join(" -> "));
                }
                Some(Mark::Black) => {}
                None => visit(next, graph, marks, stack, cycles),
            }
        }
        stack.pop();
        marks.insert(m.clone(), Mark::Black);
    }
    let (mut marks, mut cycles) = (BTreeMap::new(), Vec::new());
    for m in graph.keys() {
        if !marks.contains_key(m) {
            visit(m, &graph, &mut marks, &mut Vec::new(), &mut cycles);
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_check_sees_imports_of_every_form() {
    // The parser itself: a grouped use, an inline path, a parent's child and a `super` path.
    let module: Module = vec!["scene".into(), "chart".into()];
    let text = "mod tokens;\nuse crate::state::{game::CurrentGame, play::{PlayState, X}};\n\
                fn f() { crate::schedule::AppSystems::Show; tokens::place(); super::board::Palette; }\n\
                // crate::ui::panel is a comment\n";
    let mut found: Vec<String> = named_paths(&module, true, text).iter().map(|p| p.join("::")).collect();
    found.sort();
    assert_eq!(
        found,
        [
            "scene::board::Palette",
            "scene::chart::tokens",
            "schedule::AppSystems::Show",
            "state::game::CurrentGame",
            "state::play::PlayState",
            "state::play::X",
        ]
    );
}
