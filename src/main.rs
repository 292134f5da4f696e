//! The page's entry point: trunk builds this binary for the browser.

#[cfg(target_arch = "wasm32")]
fn main() {
    onitama::ui::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser (`trunk serve`); on the command line use `onitama-cli`.");
    std::process::exit(2);
}
