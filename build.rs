//! Rebuilds the app when a lesson in `assets/lessons/` changes (they are compiled in).

fn main() {
    println!("cargo:rerun-if-changed=assets/lessons");
}
