//! The page a first visit loads (`src/ui/features.rs`): the same entry as `main.rs`, built with
//! the `first-visit` feature.

#[cfg(target_arch = "wasm32")]
fn main() {
    onitama::ui::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
