//! The guide and the README have no dead links: every relative link and picture names a file
//! that exists, and every chapter the guide's summary lists is there.

use std::path::{Path, PathBuf};

/// The relative targets of the Markdown links and pictures in `text` (no URLs, no anchors).
fn targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or_default().trim();
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            out.push(target.to_owned());
        }
        rest = &rest[end..];
    }
    // mdBook includes: {{#include PATH}}.
    let mut rest = text;
    while let Some(i) = rest.find("{{#include ") {
        rest = &rest[i + 11..];
        let Some(end) = rest.find("}}") else { break };
        out.push(rest[..end].split(':').next().unwrap_or_default().trim().to_owned());
        rest = &rest[end..];
    }
    out
}

fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            out.extend(markdown_files(&path));
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    out
}

#[test]
fn every_link_of_the_guide_and_the_readme_names_a_file_that_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = markdown_files(&root.join("docs/guide/src"));
    files.extend([root.join("README.md"), root.join("docs/DESIGN.md")]);
    let mut dead = Vec::new();
    let mut links = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        for target in targets(&text) {
            links += 1;
            if !file.parent().unwrap().join(&target).exists() {
                dead.push(format!("{}: {target}", file.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(links > 30, "the links were found ({links})");
    assert!(dead.is_empty(), "dead links: {dead:#?}");
}

#[test]
fn the_readme_fits_on_two_screens() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(readme.lines().count() <= 100, "{} lines", readme.lines().count());
    for command in ["cargo run --release", "cargo test --workspace"] {
        assert!(readme.contains(command), "the README gives `{command}`");
    }
}

#[test]
fn a_dead_link_is_found() {
    assert_eq!(targets("see [a](b.md#x), ![p](img/p.png) and [web](https://x.org)"), ["b.md", "img/p.png"]);
    assert_eq!(targets("{{#include ../../PROTOCOL.md}}"), ["../../PROTOCOL.md"]);
}
