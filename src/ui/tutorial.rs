//! The first-game tutorial: six prepared positions on the real board, each asking for one move (or
//! a pass) and saying what it showed once it is made. A move the step does not ask for is refused
//! and the board stays as it was; a step may answer with the opponent's move.
//!
//! The steps' texts, in all four languages, reach the page as `www/tutorial/<code>.txt` (`key=text`,
//! one a line), fetched when the tutorial starts: `tutorial_file` writes them from the table below
//! and a test keeps the files equal to it. Their blanks are card names, filled per language.

use super::features::Features;
#[cfg(not(target_arch = "wasm32"))]
use super::text::Lang;
use super::text::{self, Texts};
use crate::mode::Mode;
use crate::rules::{Card, Move, Position};

/// A step: where it starts, the moves it accepts (the first is the one marked on the board), and
/// the opponent's answer once it is made.
pub struct Step {
    /// Names the step's texts in the file: `<key>-title`, `<key>-task`, `<key>-done`.
    pub key: &'static str,
    pub position: &'static str,
    pub expects: &'static [&'static str],
    pub reply: Option<&'static str>,
}

pub const STEPS: [Step; 6] = [
    Step {
        key: "card",
        position: "bbBbb/5/5/5/rrRrr tiger,ox crab,crane boar r",
        expects: &["tiger:b1b3"],
        reply: None,
    },
    Step {
        key: "capture",
        position: "b1B1b/5/2b2/2r2/r1R1r ox,boar horse,elephant crab r",
        expects: &["ox:c2c3", "boar:c2c3"],
        reply: None,
    },
    Step {
        key: "exchange",
        position: "bbBbb/5/5/5/rrRrr ox,boar horse,crane tiger r",
        expects: &["ox:d1d2"],
        reply: Some("crane:b5b4"),
    },
    Step {
        key: "stone",
        position: "b3b/5/1B3/5/rrR1r tiger,ox crane,horse boar r",
        expects: &["tiger:b1b3"],
        reply: None,
    },
    Step {
        key: "stream",
        position: "b2b1/B1R2/5/5/r3r ox,boar crab,crane horse r",
        expects: &["ox:c4c5", "boar:c4c5"],
        reply: None,
    },
    Step {
        key: "pass",
        position: "r1Bbb/r4/R4/r4/r4 tiger,horse crab,crane boar r",
        expects: &["tiger:pass", "horse:pass"],
        reply: None,
    },
];

impl Step {
    pub fn start(&self) -> Option<Position> {
        self.position.parse().ok()
    }

    /// Whether both cards make one of the step's jumps: the player may be asked to choose one.
    pub fn asks_for_a_card(&self) -> bool {
        let jumps: Vec<_> = self
            .start()
            .map(|p| {
                p.legal_moves()
                    .iter()
                    .filter_map(|&m| match m {
                        Move::Step { from, to, .. } => Some((from, to)),
                        Move::Pass { .. } => None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        jumps.iter().enumerate().any(|(i, jump)| jumps[..i].contains(jump))
    }

    pub fn accepts(&self, m: Move) -> bool {
        self.expects.iter().any(|e| e.parse() == Ok(m))
    }

    /// The move marked on the board.
    pub fn shown(&self) -> Option<Move> {
        self.expects.first()?.parse().ok()
    }

    pub fn reply(&self) -> Option<Move> {
        self.reply?.parse().ok()
    }

    /// The cards the texts name: the step's card (and the other one that also does), the side
    /// card, the opponent's answer's card.
    fn blanks<'a>(&self, t: &Texts<'a>) -> [(&'static str, &'a str); 4] {
        let card = |i: usize| self.expects.get(i).and_then(|e| e.parse::<Move>().ok()).map(Move::card);
        let name = |card: Option<Card>| card.map_or("", |c| text::card_name(t, c));
        [
            ("card", name(card(0))),
            ("card2", name(card(1))),
            ("side", name(self.start().map(|p| p.side_card()))),
            ("reply", name(self.reply().map(Move::card))),
        ]
    }
}

/// Where the player is in the tutorial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TutorialRun {
    /// Only a build with the features makes one.
    pub features: crate::ui::features::Features,
    /// 0 for the first step.
    pub step: usize,
    /// The step's move is made: its lesson is shown and Next is offered.
    pub done: bool,
    /// The last move tried was not the step's: it was refused.
    pub wrong: bool,
    /// The deal on the board when the tutorial began, untouched by the player: it comes back
    /// after.
    pub before: Option<(Position, Mode)>,
}

impl TutorialRun {
    pub fn new(step: usize) -> TutorialRun {
        let step = step.min(STEPS.len() - 1);
        TutorialRun { features: Features::present(), step, done: false, wrong: false, before: None }
    }

    pub fn current(&self) -> &'static Step {
        &STEPS[self.step]
    }

    pub fn is_last(&self) -> bool {
        self.step + 1 == STEPS.len()
    }

    /// The step's title in the file `file`: "Tutorial 2/6 · Moving and capturing".
    pub fn title(&self, t: &Texts, file: &str) -> String {
        let word = t.html("tutorial").unwrap_or_default();
        let step = self.current();
        let title = line(file, &[step.key, "-title"].concat());
        t.lang.digits(&format!("{word} {}/{} · {title}", self.step + 1, STEPS.len()))
    }

    /// What the panel says: the task, or the lesson once done.
    pub fn text(&self, t: &Texts, file: &str) -> String {
        let step = self.current();
        let key = [step.key, if self.done { "-done" } else { "-task" }].concat();
        t.lang.digits(&text::fill_blanks(line(file, &key), &step.blanks(t)))
    }

    /// The words the panel may show during this step, in the file `file`: its task and its
    /// lesson. The panel keeps the room of the taller, so that neither is cut and the board does
    /// not move within a step; from one step to the next it takes only the lines that step needs
    /// (the board is larger for a short step on a phone).
    pub fn step_texts(&self, t: &Texts, file: &str) -> Vec<String> {
        [false, true].map(|done| TutorialRun { done, wrong: false, ..*self }.text(t, file)).to_vec()
    }

    /// Why the last move was refused, while the step waits for its own: said in the panel's
    /// title row, so that the task keeps its words and its room.
    pub fn refusal(&self, t: &Texts, file: &str) -> Option<String> {
        (self.wrong && !self.done).then(|| t.lang.digits(line(file, "wrong")))
    }
}

/// The text of `key` in a tutorial file; empty if the file lacks it.
pub fn line<'a>(file: &'a str, key: &str) -> &'a str {
    file.lines().find_map(|l| l.strip_prefix(key)?.strip_prefix('=')).unwrap_or_default()
}

/// The file of `lang`'s tutorial texts (`www/tutorial/<code>.txt`).
#[cfg(not(target_arch = "wasm32"))]
pub fn tutorial_file(lang: Lang) -> String {
    let index = Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0);
    let mut file = String::from(
        "# Written from src/ui/tutorial.rs by tests/tutorial_files.rs: edit the Rust table, not this file.\n",
    );
    for (key, texts) in TEXTS {
        file.push_str(&format!("{key}={}\n", texts[index]));
    }
    file
}

/// Every text of the tutorial: English, Persian, Spanish, French.
#[cfg(not(target_arch = "wasm32"))]
pub const TEXTS: [(&str, [&str; 4]); 19] = [
    (
        "wrong",
        [
            "Not that move: this step asks for another.",
            "این حرکت نه: این گام حرکت دیگری می‌خواهد.",
            "Esa jugada no: este paso pide otra.",
            "Pas ce coup-là\u{a0}: l'étape en demande un autre.",
        ],
    ),
    ("card-title", ["Reading a card", "خواندن کارت", "Leer una carta", "Lire une carte"]),
    (
        "card-task",
        [
            "A card shows moves from your seat: the dark square is the piece, the coloured ones are where it may go, up is toward your opponent. Choose {card} and move the ringed student two squares up.",
            "هر کارت حرکت‌ها را از جای شما نشان می‌دهد: خانهٔ تیره مهره است، خانه‌های رنگی جاهایی که می‌تواند برود، و بالا به سوی حریف است. {card} را انتخاب کنید و شاگردِ حلقه‌دار را دو خانه جلو ببرید.",
            "Una carta muestra movimientos desde tu lado: la casilla oscura es la pieza, las de color son adonde puede ir, y arriba es hacia tu rival. Elige {card} y avanza dos casillas el alumno señalado.",
            "Une carte montre les coups depuis votre place\u{a0}: la case sombre est la pièce, les colorées sont où elle peut aller, le haut est vers l'adversaire. Avec {card}, avancez l'élève entouré de deux cases.",
        ],
    ),
    (
        "card-done",
        [
            "Well done. Any of your pieces, master or student, may use either of your two cards, and pieces jump: nothing blocks the way.",
            "آفرین. هر مهرهٔ شما، استاد یا شاگرد، می‌تواند هر یک از دو کارت شما را به کار ببرد، و مهره‌ها می‌پرند: چیزی راهشان را نمی‌بندد.",
            "Muy bien. Cualquier pieza tuya, maestro o alumno, puede usar cualquiera de tus dos cartas, y las piezas saltan: nada les cierra el paso.",
            "Bravo. Chacune de vos pièces, maître ou élève, peut utiliser l'une ou l'autre de vos deux cartes, et les pièces sautent\u{a0}: rien ne barre le chemin.",
        ],
    ),
    ("capture-title", ["Moving and capturing", "حرکت و گرفتن", "Mover y capturar", "Jouer et capturer"]),
    (
        "capture-task",
        [
            "Landing on an opponent's piece captures it. Your ringed student can step forward onto the blue student with {card} or {card2}: capture it.",
            "رفتن به خانهٔ مهرهٔ حریف آن را می‌گیرد. شاگردِ حلقه‌دارِ شما می‌تواند با {card} یا {card2} یک خانه جلو، روی شاگرد آبی برود: آن را بگیرید.",
            "Caer sobre una pieza rival la captura. Tu alumno señalado puede avanzar sobre el alumno azul con {card} o {card2}: captúralo.",
            "Arriver sur une pièce adverse la capture. Votre élève entouré peut avancer sur l'élève bleu avec {card} ou {card2}\u{a0}: capturez-le.",
        ],
    ),
    (
        "capture-done",
        [
            "Captured: that piece has left the game. You may never land on one of your own pieces.",
            "گرفته شد: آن مهره از بازی بیرون رفت. هرگز نمی‌توانید به خانهٔ مهرهٔ خودتان بروید.",
            "Capturada: esa pieza sale del juego. Nunca puedes caer sobre una pieza tuya.",
            "Capturée\u{a0}: cette pièce quitte la partie. Vous ne pouvez jamais arriver sur l'une de vos propres pièces.",
        ],
    ),
    (
        "exchange-title",
        [
            "Your card goes to your opponent",
            "کارت شما به حریف می‌رسد",
            "Tu carta pasa al rival",
            "Votre carte passe à l'adversaire",
        ],
    ),
    (
        "exchange-task",
        [
            "Watch the cards as you play. Choose {card} and move the ringed student one square forward.",
            "هنگام بازی کارت‌ها را نگاه کنید. {card} را انتخاب کنید و شاگردِ حلقه‌دار را یک خانه جلو ببرید.",
            "Mira las cartas al jugar. Elige {card} y mueve el alumno señalado una casilla hacia delante.",
            "Regardez les cartes en jouant. Choisissez {card} et avancez l'élève entouré d'une case.",
        ],
    ),
    (
        "exchange-done",
        [
            "Your card {card} went beside the board and you took {side}. Then Blue played {reply} and took your {card}: the card you play reaches your opponent after their next turn.",
            "{card} کنار صفحه رفت و شما {side} را برداشتید. سپس آبی با {reply} بازی کرد و {card} شما را برداشت: کارتی که بازی می‌کنید پس از نوبت بعدی حریف به دست او می‌رسد.",
            "Tu carta {card} fue al lado del tablero y tomaste {side}. Luego Azul jugó {reply} y se llevó tu {card}: la carta que juegas llega a tu rival tras su siguiente turno.",
            "Votre carte {card} est allée à côté du plateau et vous avez pris {side}. Puis Bleu a joué {reply} et pris votre {card}\u{a0}: la carte jouée passe à l'adversaire après son tour suivant.",
        ],
    ),
    ("stone-title", ["The Way of the Stone", "راه سنگ", "El Camino de la Piedra", "La Voie de la Pierre"]),
    (
        "stone-task",
        [
            "The first way to win: capture your opponent's master, the crowned piece. Take the blue master with {card}.",
            "راه اول پیروزی: استاد حریف، مهرهٔ تاج‌دار، را بگیرید. استاد آبی را با {card} بگیرید.",
            "La primera forma de ganar: captura al maestro rival, la pieza coronada. Toma al maestro azul con {card}.",
            "La première façon de gagner\u{a0}: capturer le maître adverse, la pièce couronnée. Prenez le maître bleu avec {card}.",
        ],
    ),
    (
        "stone-done",
        [
            "You won by the Way of the Stone: the game ends at once.",
            "با راه سنگ بردید: بازی همان دم تمام می‌شود.",
            "Ganaste por el Camino de la Piedra: la partida acaba en el acto.",
            "Vous avez gagné par la Voie de la Pierre\u{a0}: la partie s'arrête aussitôt.",
        ],
    ),
    ("stream-title", ["The Way of the Stream", "راه جویبار", "El Camino del Arroyo", "La Voie du Ruisseau"]),
    (
        "stream-task",
        [
            "The second way to win: move your own master onto your opponent's temple arch, the middle of their home row, where their master began. Step onto it with {card} or {card2}.",
            "راه دوم پیروزی: استاد خودتان را به طاق معبد حریف ببرید، خانهٔ میانی ردیف خانگی او که استادش از آن آغاز کرد. استادتان را با {card} یا {card2} به آن خانه ببرید.",
            "La segunda forma de ganar: lleva a tu propio maestro al arco del templo rival, el centro de su fila de inicio, donde empezó su maestro. Llévalo allí con {card} o {card2}.",
            "La seconde façon de gagner\u{a0}: amener votre propre maître sur l'arche du temple adverse, le milieu de sa rangée de départ, où son maître a commencé. Avancez-y avec {card} ou {card2}.",
        ],
    ),
    (
        "stream-done",
        [
            "You won by the Way of the Stream. Only the master wins there: a student on the temple wins nothing.",
            "با راه جویبار بردید. تنها استاد آنجا می‌برد: شاگرد روی معبد چیزی نمی‌برد.",
            "Ganaste por el Camino del Arroyo. Solo gana el maestro: un alumno en el templo no gana nada.",
            "Vous avez gagné par la Voie du Ruisseau. Seul le maître y gagne\u{a0}: un élève sur le temple ne gagne rien.",
        ],
    ),
    ("pass-title", ["Passing", "گذشتن از نوبت", "Pasar", "Passer"]),
    (
        "pass-task",
        [
            "None of your pieces can move with either card: each square it would reach is off the board or holds your own piece. So you pass: tap one of your cards to give it up and take {side}.",
            "هیچ مهرهٔ شما با هیچ‌یک از دو کارت نمی‌تواند حرکت کند: هر خانهٔ مقصد بیرون از صفحه است یا مهرهٔ خودتان در آن است. پس از نوبت می‌گذرید: روی یکی از کارت‌هایتان بزنید تا آن را بدهید و {side} را بردارید.",
            "Ninguna pieza tuya puede moverse: cada casilla que marcan tus cartas está fuera del tablero u ocupada por ti. Entonces pasas: toca una de tus cartas para cederla y tomar {side}.",
            "Aucune de vos pièces ne peut bouger\u{a0}: chaque case visée par vos cartes est hors du plateau ou occupée par vous. Passez donc\u{a0}: touchez une de vos cartes pour la céder et prendre {side}.",
        ],
    ),
    (
        "pass-done",
        [
            "You passed: no piece moved, but a card changed hands. You may pass only when no move is possible. That is the whole game: enjoy it!",
            "از نوبت گذشتید: هیچ مهره‌ای حرکت نکرد، اما کارتی دست‌به‌دست شد. تنها وقتی هیچ حرکتی ممکن نیست می‌توانید بگذرید. همهٔ بازی همین است: خوش بگذرد!",
            "Pasaste: ninguna pieza se movió, pero una carta cambió de manos. Solo puedes pasar cuando no hay ninguna jugada posible. Eso es todo el juego: ¡que lo disfrutes!",
            "Vous avez passé\u{a0}: aucune pièce n'a bougé, mais une carte a changé de main. On ne passe que si aucun coup n'est possible. C'est tout le jeu\u{a0}: bonne partie\u{a0}!",
        ],
    ),
];
