//! Fuzz-style tests of the text inputs: position text (`Position::from_text`), JSON game records
//! (`Record::from_json` then `replay`), long notation (`Position::parse_action`) and lessons
//! (`Lesson::load`).
//! Random bytes, random edits of valid inputs and structured random records must never panic;
//! every error must explain itself; whatever is accepted must be usable and round-trip.
//! Hand-written cases check that errors name the field or ply at fault.
//!
//! Every proptest runs from a fixed seed, so a run is reproducible; failures are not persisted.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::collections::HashSet;
use std::sync::OnceLock;
use surface_chess_rules::{
    Action, ActionKind, Cell, Coord, FacingMode, Field, FinalRecord, Game, MAX_COUNTER, ParseActionError, Position,
    Record, RecordError, ResultRecord, Role, SetupRecord, Start, Variant,
};

/// A fixed-seed configuration with `cases` cases and no failure files.
fn config(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 2048,
        ..ProptestConfig::default()
    }
}

/// A small deterministic generator for building the corpus.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize
    }
}

/// Valid inputs to mutate: positions of every variant (initial, mid-game, sparse, with en-passant
/// traces and castling rights) and the JSON records of games (in progress, finished, resigned,
/// from an edited setup).
struct Corpus {
    positions: Vec<Position>,
    records: Vec<String>,
}

/// Plays up to `plies` random actions (preferring captures on odd draws) in `game`.
fn play_random(game: &mut Game, rng: &mut Lcg, plies: usize) {
    for _ in 0..plies {
        if game.outcome().is_some() {
            return;
        }
        let p = game.position();
        let legal = p.legal_actions();
        let captures: Vec<Action> = legal.iter().copied().filter(|&a| p.is_capture(a)).collect();
        let r = rng.next();
        let pool = if r % 2 == 1 && !captures.is_empty() { &captures } else { &legal };
        let a = pool[(r / 2) % pool.len()];
        game.play(a).expect("generated actions are legal");
    }
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut rng = Lcg(0xc0_7105);
        let mut positions = Vec::new();
        let mut records = Vec::new();
        for v in Variant::ALL {
            positions.push(Position::new(v));
            for _ in 0..3 {
                let mut game = Game::new(v);
                for _ in 0..20 {
                    play_random(&mut game, &mut rng, 6);
                    let p = game.position();
                    if p.ep_trace().is_some() || rng.next().is_multiple_of(3) {
                        positions.push(p.clone());
                    }
                }
                records.push(Record::of(&game).to_json());
            }
            let mut short = Game::new(v);
            play_random(&mut short, &mut rng, 5);
            records.push(Record::of(&short).to_json());
            let mut resigned = short.clone();
            resigned.resign(resigned.position().side_to_move()).expect("in progress");
            records.push(Record::of(&resigned).to_json());
            let mut finished = Game::new(v);
            play_random(&mut finished, &mut rng, 400);
            records.push(Record::of(&finished).to_json());
            let setup = positions.last().expect("a position").clone();
            let mut edited = Game::from_position(setup, Start::Edited { label: "fuzz corpus".into() });
            play_random(&mut edited, &mut rng, 4);
            records.push(Record::of(&edited).to_json());
        }
        Corpus { positions, records }
    })
}

/// One random edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    /// Inserts a run of digits (numbers are the easiest fields to get wrong).
    Digits(usize, String),
    /// Swaps two characters.
    Swap(usize, usize),
}

/// Characters that mean something in one of the formats, and occasionally any character.
fn interesting_char() -> impl Strategy<Value = char> {
    const CHARS: &str = "0123456789pnbrqkPNBRQKwx+-*/| :IOe.=^v↑↓–×#\"{}[],\\\n\t";
    prop_oneof![
        4 => prop::sample::select(CHARS.chars().collect::<Vec<char>>()),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), interesting_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), interesting_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), "[0-9]{1,12}").prop_map(|(i, d)| Edit::Digits(i, d)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
    ]
}

/// Applies edits to a text, character by character (positions are taken modulo its length).
fn mutate(base: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for e in edits {
        let n = chars.len();
        match e {
            Edit::Insert(i, c) => chars.insert(i % (n + 1), *c),
            Edit::Digits(i, digits) => {
                let at = i % (n + 1);
                chars.splice(at..at, digits.chars());
            }
            Edit::Delete(i) if n > 0 => {
                chars.remove(i % n);
            }
            Edit::Replace(i, c) if n > 0 => chars[i % n] = *c,
            Edit::Swap(i, j) if n > 0 => chars.swap(i % n, j % n),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A position text in every variant: rejected with a message naming the field, or accepted as a
/// position that is usable (every legal action plays) and round-trips through its own text.
fn check_position_text(text: &str) -> Result<(), TestCaseError> {
    for v in Variant::ALL {
        match Position::from_text(v, text) {
            Err(e) => {
                prop_assert!(!e.to_string().is_empty());
                prop_assert!(!e.reason.is_empty(), "{v}: {text:?}: {e:?}");
            }
            Ok(p) => {
                prop_assert_eq!(p.variant(), v);
                let again = Position::from_text(v, &p.to_text());
                prop_assert_eq!(again.as_ref(), Ok(&p), "{}: {:?}", v, text);
                prop_assert!(
                    !p.is_attacked(p.king(!p.side_to_move()), p.side_to_move()),
                    "{v}: {text:?}: accepted with the side not to move in check"
                );
                let legal = p.legal_actions();
                prop_assert_eq!(p.count_legal(), legal.len() as u64);
                for a in legal {
                    prop_assert!(p.play(a).is_ok(), "{v}: {text:?}: {a:?}");
                    prop_assert_eq!(p.parse_action(&p.notation(a)), Ok(a));
                }
            }
        }
    }
    Ok(())
}

/// A record text: rejected with a message, or accepted as a game whose own record replays to it.
fn check_record_text(json: &str) -> Result<(), TestCaseError> {
    match Record::from_json(json).and_then(|r| r.replay()) {
        Err(e) => {
            prop_assert!(!e.to_string().is_empty(), "{json:?}: {e:?}");
        }
        Ok(game) => {
            let again = Record::of(&game).replay();
            prop_assert!(again.is_ok(), "{json:?}: {:?}", again.err());
            let again = again.expect("checked");
            prop_assert_eq!(again.position(), game.position());
            prop_assert_eq!(again.outcome(), game.outcome());
        }
    }
    Ok(())
}

/// A move text in a position: rejected with a message, or accepted as a legal action whose
/// notation names it again.
fn check_action_text(p: &Position, text: &str) -> Result<(), TestCaseError> {
    match p.parse_action(text) {
        Err(e) => {
            prop_assert!(!e.to_string().is_empty(), "{text:?}: {e:?}");
            if let ParseActionError::Ambiguous(_, options) = &e {
                prop_assert!(options.len() >= 2, "{text:?}: {e:?}");
            }
        }
        Ok(a) => {
            prop_assert!(p.is_legal(a), "{p:?}: {text:?} parsed to {a:?}");
            prop_assert_eq!(p.parse_action(&p.notation(a)), Ok(a), "{:?}: {:?}", p, text);
        }
    }
    Ok(())
}

fn random_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..400).prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

proptest! {
    #![proptest_config(config(2048, 0xf022_0001))]

    #[test]
    fn random_bytes_as_position_text(text in random_text()) {
        check_position_text(&text)?;
    }

    #[test]
    fn random_bytes_as_record(text in random_text()) {
        check_record_text(&text)?;
    }

    #[test]
    fn random_bytes_as_action(text in random_text(), which in any::<usize>()) {
        let positions = &corpus().positions;
        check_action_text(&positions[which % positions.len()], &text)?;
    }

    /// Short strings over the notation's alphabet reach deeper into the action parser.
    #[test]
    fn notation_like_strings_as_action(
        text in "[NBRQKPOIa-k0-9:x×–=^v↑↓+#e.p -]{0,14}",
        which in any::<usize>(),
    ) {
        let positions = &corpus().positions;
        check_action_text(&positions[which % positions.len()], &text)?;
    }
}

proptest! {
    #![proptest_config(config(2048, 0xf022_0002))]

    #[test]
    fn mutated_position_text(which in any::<usize>(), edits in prop::collection::vec(edit(), 1..6)) {
        let positions = &corpus().positions;
        let text = mutate(&positions[which % positions.len()].to_text(), &edits);
        check_position_text(&text)?;
    }

    #[test]
    fn mutated_record(which in any::<usize>(), edits in prop::collection::vec(edit(), 1..6)) {
        let records = &corpus().records;
        let json = mutate(&records[which % records.len()], &edits);
        check_record_text(&json)?;
    }

    #[test]
    fn mutated_action(
        which in any::<usize>(),
        index in any::<usize>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let positions = &corpus().positions;
        let p = &positions[which % positions.len()];
        let legal = p.legal_actions();
        let base = legal.get(index % legal.len().max(1)).map(|&a| p.notation(a)).unwrap_or_default();
        check_action_text(p, &mutate(&base, &edits))?;
    }

    /// Well-formed JSON with random field values: every check of `replay` is reached.
    #[test]
    fn structured_random_record(
        which in any::<usize>(),
        ruleset in prop_oneof![4 => Just("surface-rules-0.1".to_owned()), 1 => ".{0,20}"],
        variant in prop_oneof![
            4 => prop::sample::select(Variant::ALL.iter().map(|v| v.name().to_owned()).collect::<Vec<_>>()),
            1 => "[a-z2]{0,8}",
        ],
        cut in any::<usize>(),
        action_edits in prop::collection::vec((any::<usize>(), prop::collection::vec(edit(), 0..3)), 0..3),
        setup in prop::option::of((".{0,12}", any::<usize>(), prop::collection::vec(edit(), 0..2))),
        result in prop::option::of((
            prop::option::of(prop_oneof![Just("white".to_owned()), Just("black".to_owned()), "[a-z]{0,6}"]),
            prop_oneof![
                5 => prop::sample::select(vec![
                    "checkmate", "stalemate", "bare kings", "insufficient material",
                    "fivefold repetition", "150 halfmoves", "threefold repetition claimed",
                    "50 moves claimed", "agreement", "resignation",
                ]).prop_map(str::to_owned),
                1 => ".{0,12}",
            ],
        )),
        final_state in prop::option::of((prop::collection::vec(edit(), 0..2), 0u32..7)),
        explore in any::<bool>(),
    ) {
        let records = &corpus().records;
        let base = Record::from_json(&records[which % records.len()]).expect("corpus records parse");
        let mut actions = base.actions.clone();
        actions.truncate(cut % (actions.len() + 1));
        for (i, edits) in &action_edits {
            if !actions.is_empty() {
                let n = actions.len();
                actions[i % n] = mutate(&actions[i % n], edits);
            }
        }
        let positions = &corpus().positions;
        let record = Record {
            ruleset,
            variant,
            setup: setup.map(|(label, index, edits)| SetupRecord {
                label,
                position: mutate(&positions[index % positions.len()].to_text(), &edits),
            }),
            explore,
            actions,
            result: result.map(|(winner, reason)| ResultRecord { winner, reason }),
            r#final: final_state.map(|(edits, repetitions)| FinalRecord {
                position: mutate(
                    &base.r#final.as_ref().map(|f| f.position.clone()).unwrap_or_default(),
                    &edits,
                ),
                repetitions,
            }),
        };
        let json = record.to_json();
        prop_assert_eq!(Record::from_json(&json), Ok(record.clone()));
        check_record_text(&json)?;
    }
}

/// A random setup written in the position format: two kings and up to 24 other pieces on random
/// cells (pawns with random facings and double-step flags), random side, castling letters,
/// en-passant cells and counters. Many are refused (a king left in check, a pawn on its target,
/// a right without its rook); the rest are unusual positions no game reaches quickly.
#[derive(Clone, Debug)]
struct RandomSetup {
    variant: Variant,
    kings: (usize, usize),
    pieces: Vec<(usize, usize, bool, bool, bool)>,
    black_to_move: bool,
    castling: String,
    ep: Option<(usize, usize, usize)>,
    halfmove: u32,
    fullmove: u32,
}

impl RandomSetup {
    fn text(&self) -> String {
        let rules = self.variant.rules();
        let complex = &rules.complex;
        let n = complex.len();
        let mut tokens: Vec<Option<String>> = vec![None; n];
        let white_king = self.kings.0 % n;
        let black_king = (white_king + 1 + self.kings.1 % (n - 1)) % n;
        tokens[white_king] = Some("K".into());
        tokens[black_king] = Some("k".into());
        for &(cell, role, black, down, unused) in &self.pieces {
            let cell = cell % n;
            if tokens[cell].is_some() {
                continue;
            }
            let letter = ['P', 'N', 'B', 'R', 'Q'][role % 5];
            let mut token = if black { letter.to_ascii_lowercase() } else { letter }.to_string();
            if letter == 'P' {
                if rules.facing_mode == FacingMode::Transported {
                    token.push(if down { '-' } else { '+' });
                }
                if unused && self.variant != Variant::Chess {
                    token.push('*');
                }
            }
            tokens[cell] = Some(token);
        }
        let mut charts = Vec::new();
        for (ci, chart) in complex.charts().iter().enumerate() {
            let mut ranks = Vec::new();
            for rank in (0..chart.height).rev() {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..chart.width {
                    let cell = complex.cell_at(Coord { chart: ci as u8, file, rank }).expect("on the chart");
                    match &tokens[cell.index()] {
                        None => empty += 1,
                        Some(t) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push_str(t);
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                ranks.push(row);
            }
            charts.push(ranks.join("/"));
        }
        let name = |i: usize| complex.name(Cell((i % n) as u8));
        let ep = match self.ep {
            None => "-".to_owned(),
            Some((_, m, _)) if self.variant == Variant::Chess => name(m),
            Some((a, m, b)) => format!("{}-{}-{}", name(a), name(m), name(b)),
        };
        format!(
            "{} {} {} {ep} {} {}",
            charts.join("|"),
            if self.black_to_move { "b" } else { "w" },
            if self.castling.is_empty() { "-" } else { &self.castling },
            self.halfmove,
            self.fullmove
        )
    }
}

fn random_setup() -> impl Strategy<Value = RandomSetup> {
    (
        prop::sample::select(Variant::ALL.to_vec()),
        (any::<usize>(), any::<usize>()),
        prop::collection::vec((any::<usize>(), 0usize..5, any::<bool>(), any::<bool>(), any::<bool>()), 0..24),
        any::<bool>(),
        prop_oneof![8 => Just(String::new()), 1 => "[KQkq]{1,4}"],
        prop_oneof![8 => Just(None), 1 => (any::<usize>(), any::<usize>(), any::<usize>()).prop_map(Some)],
        prop_oneof![8 => 0u32..150, 1 => any::<u32>()],
        prop_oneof![8 => 1u32..300, 1 => any::<u32>()],
    )
        .prop_map(|(variant, kings, pieces, black_to_move, castling, ep, halfmove, fullmove)| RandomSetup {
            variant,
            kings,
            pieces,
            black_to_move,
            castling,
            ep,
            halfmove,
            fullmove,
        })
}

/// Φ on actions, independent of the library's own: cells by the exchange, pawn facings
/// reversed, promotion and castling side kept.
fn phi(p: &Position, a: Action) -> Action {
    let reverse = |kind| match kind {
        ActionKind::Pawn { facing, promotion } => ActionKind::Pawn { facing: facing.reversed(), promotion },
        ActionKind::DoubleStep { facing, promotion } => ActionKind::DoubleStep { facing: facing.reversed(), promotion },
        ActionKind::EnPassant { facing, promotion } => ActionKind::EnPassant { facing: facing.reversed(), promotion },
        other => other,
    };
    Action { from: p.rules().exchange(a.from), to: p.rules().exchange(a.to), kind: reverse(a.kind) }
}

proptest! {
    #![proptest_config(config(2048, 0xf022_0003))]

    /// Random setups: refused with a field, or accepted as usable positions (see
    /// `check_position_text`) whose move generation commutes with Φ.
    #[test]
    fn structured_random_position(setup in random_setup()) {
        let text = setup.text();
        check_position_text(&text)?;
        if let Ok(p) = Position::from_text(setup.variant, &text) {
            let q = p.exchanged();
            let image: HashSet<Action> = p.legal_actions().into_iter().map(|a| phi(&p, a)).collect();
            let theirs: HashSet<Action> = q.legal_actions().into_iter().collect();
            prop_assert_eq!(image, theirs, "{}: Φ image {:?}", text, q);
            prop_assert_eq!(q.is_check(), p.is_check(), "{}", text);
        }
    }
}

/// The corpus itself is valid: every text and record is accepted unchanged.
#[test]
fn corpus_is_valid() {
    let c = corpus();
    assert!(c.positions.iter().any(|p| p.ep_trace().is_some()));
    for p in &c.positions {
        assert_eq!(Position::from_text(p.variant(), &p.to_text()).as_ref(), Ok(p));
    }
    for json in &c.records {
        let game = Record::from_json(json).and_then(|r| r.replay());
        assert!(game.is_ok(), "{json}: {:?}", game.err());
    }
}

// Hand-written cases: errors name the field or ply at fault.

const MOBIUS_INITIAL: &str =
    "p-*r1bqkbnrp-*/1p-*np-*p-*p-*1p-*p-*1/10/10/10/10/10/1P+*NP+*P+*P+*1P+*P+*1/P+*R1BQKBNRP+* w KQkq - 0 0";

fn position_error(v: Variant, text: &str) -> Field {
    match Position::from_text(v, text) {
        Ok(p) => panic!("{v}: accepted {text:?} as {p:?}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e.field
        }
    }
}

#[test]
fn initial_texts_round_trip() {
    assert_eq!(Position::new(Variant::Mobius).to_text(), MOBIUS_INITIAL);
    for v in Variant::ALL {
        let p = Position::new(v);
        assert_eq!(Position::from_text(v, &p.to_text()), Ok(p));
    }
}

#[test]
fn position_errors_name_their_field() {
    let with = |from: &str, to: &str| MOBIUS_INITIAL.replacen(from, to, 1);
    let chess_with = |from: &str, to: &str| Position::new(Variant::Chess).to_text().replacen(from, to, 1);
    let m = Variant::Mobius;
    assert_eq!(position_error(m, &with(" w ", " x ")), Field::Side);
    assert_eq!(position_error(m, &with(" w ", " W ")), Field::Side);
    // Eight ranks instead of nine.
    assert_eq!(position_error(m, &with("/10/", "/")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/10/10/")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/11/")), Field::Placement);
    // The run itself is named, not only the rank's total.
    let e = Position::from_text(m, &with("/10/", "/4p-*7/")).expect_err("too long");
    assert_eq!(e.reason, "an empty run of 7 does not fit rank 7 of chart 1 (file 6)");
    let e = Position::from_text(m, &with("/10/", "/4p-*4/")).expect_err("too short");
    assert_eq!(e.reason, "rank 7 of chart 1 (file 10) has 9 cells, expected 10");
    assert_eq!(position_error(m, &with("/10/", "/9/")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/0/")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/4X5/")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/5K4/")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/5P4/")), Field::Placement);
    assert_eq!(position_error(m, &with("Q", "K")), Field::Placement);
    assert_eq!(position_error(m, &with("/10/", "/10|10/")), Field::Placement);
    assert_eq!(position_error(m, "-"), Field::Line);
    assert_eq!(position_error(m, &with(" 0 0", " 0")), Field::Line);
    assert_eq!(position_error(m, &with(" 0 0", " 0 1 1")), Field::Line);
    assert_eq!(position_error(m, &with("KQkq", "KQkx")), Field::Castling);
    assert_eq!(position_error(m, &with("KQkq", "KKkq")), Field::Castling);
    assert_eq!(position_error(m, &with(" - 0", " e2-e3-e4 0")), Field::EnPassant);
    assert_eq!(position_error(m, &with(" - 0", " e3 0")), Field::EnPassant);
    assert_eq!(position_error(m, &with(" - 0", " z1-z2-z3 0")), Field::EnPassant);
    assert_eq!(position_error(m, &with(" 0 0", " x 1")), Field::Halfmove);
    assert_eq!(position_error(m, &with(" 0 0", " -1 1")), Field::Halfmove);
    assert_eq!(position_error(m, &with(" 0 0", " 0 y")), Field::Ply);
    assert_eq!(position_error(m, &with(" 0 0", " 0 -1")), Field::Ply);
    assert_eq!(position_error(m, &with(" 0 0", " 0 999999999999")), Field::Ply);
    assert_eq!(position_error(Variant::Chess, &chess_with(" 0 1", " 0 0")), Field::Ply);
    // The king not to move is in check: a White rook on f5 attacks the Black king on f9 along f.
    let open = "p-*r1bqkbnrp-*/1p-*np-*p-*2p-*p-*1/10/10/5R4/10/10/1P+*NP+*P+*P+*1P+*P+*1/P+*R1BQKBN1P+* w Qkq - 0 1";
    assert_eq!(position_error(m, open), Field::Legality);
    // Klein and genus two have no castling.
    let k = Variant::Klein;
    let klein = Position::new(k).to_text();
    assert_eq!(position_error(k, &klein.replacen(" - - ", " K - ", 1)), Field::Castling);
    // Genus two needs both charts.
    let g = Variant::Genus2;
    let genus = Position::new(g).to_text();
    let (first, rest) = genus.split_once('|').expect("two charts");
    let one_chart = format!("{first} {}", rest.split_once(' ').expect("fields").1);
    assert_eq!(position_error(g, &one_chart), Field::Placement);
    // Standard FEN on the flat board, but not on a surface.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert!(Position::from_text(Variant::Chess, fen).is_ok());
    assert_eq!(position_error(Variant::Chess, &fen.replace(" e3 ", " e6 ")), Field::EnPassant);
    assert_eq!(position_error(m, fen), Field::Placement);
}

/// Long digit runs in a placement are an error naming the placement, never an arithmetic
/// overflow.
#[test]
fn placement_digit_runs_never_overflow() {
    for run in ["99999999999", "4294967296", "4294967295", "4294967306"] {
        for at in ["/10/", "/"] {
            let text = MOBIUS_INITIAL.replacen(at, &format!("/{run}/"), 1);
            assert_eq!(position_error(Variant::Mobius, &text), Field::Placement, "{text}");
        }
        // After cells already counted on the rank.
        let text = MOBIUS_INITIAL.replacen("/10/", &format!("/5{run}/"), 1);
        assert_eq!(position_error(Variant::Mobius, &text), Field::Placement, "{text}");
    }
}

/// The largest counters the text accepts can still be played from; larger ones are refused.
#[test]
fn largest_halfmove_counter_is_playable() {
    let too_big = MOBIUS_INITIAL.replace(" 0 0", &format!(" {} 0", u32::MAX));
    assert_eq!(position_error(Variant::Mobius, &too_big), Field::Halfmove);
    let text = MOBIUS_INITIAL.replace(" 0 0", &format!(" {MAX_COUNTER} {MAX_COUNTER}"));
    let p = Position::from_text(Variant::Mobius, &text).expect("largest counters accepted");
    for a in p.legal_actions() {
        let next = p.play(a).expect("legal");
        assert!(next.halfmove() == 0 || next.halfmove() > p.halfmove());
        assert_eq!(next.ply(), MAX_COUNTER + 1);
    }
}

fn record_json(variant: &str, actions: &[&str]) -> String {
    let actions: Vec<String> = actions.iter().map(|a| format!("{a:?}")).collect();
    format!(
        r#"{{"ruleset": "surface-rules-0.1", "variant": "{variant}", "actions": [{}], "result": null}}"#,
        actions.join(", ")
    )
}

fn replay(json: &str) -> Result<Game, RecordError> {
    Record::from_json(json).and_then(|r| r.replay())
}

#[test]
fn record_errors_name_their_field_or_ply() {
    let good = record_json("mobius", &["e2–e4", "e8–e6", "Bd1–g4"]);
    let game = replay(&good).expect("a legal game");
    assert_eq!(game.actions().len(), 3);
    // An illegal third action: the pawn on e4 cannot jump over e5 to e6.
    match replay(&record_json("mobius", &["e2–e4", "e8–e6", "e4–e6"])) {
        Err(e @ RecordError::Action { ply: 3, .. }) => {
            let RecordError::Action { text, .. } = &e else { unreachable!() };
            assert_eq!(text, "e4–e6");
            assert!(e.to_string().contains("ply 3"), "{e}");
        }
        other => panic!("expected an action error at ply 3, got {other:?}"),
    }
    // Malformed and unknown-cell actions also name their ply.
    assert!(matches!(replay(&record_json("mobius", &["e2–e4", "hello"])), Err(RecordError::Action { ply: 2, .. })));
    assert!(matches!(replay(&record_json("mobius", &["e2–z4"])), Err(RecordError::Action { ply: 1, .. })));
    match replay(&record_json("hyperbolic", &[])) {
        Err(e @ RecordError::Field { field: "variant", .. }) => assert!(e.to_string().contains("hyperbolic"), "{e}"),
        other => panic!("expected a variant error, got {other:?}"),
    }
    for bad in ["", "{", "not json", "[]", "{\"ruleset\": 1}", "null"] {
        match replay(bad) {
            Err(e @ RecordError::Json(_)) => assert!(!e.to_string().is_empty()),
            other => panic!("{bad:?}: expected a JSON error, got {other:?}"),
        }
    }
    // Unknown fields are refused.
    let extra = good.replacen('{', "{\"extra\": 1, ", 1);
    assert!(matches!(replay(&extra), Err(RecordError::Json(_))));
    let field = |json: &str| match replay(json) {
        Err(RecordError::Field { field, reason }) => {
            assert!(!reason.is_empty());
            field
        }
        other => panic!("{json}: expected a field error, got {other:?}"),
    };
    assert_eq!(field(&good.replace("surface-rules-0.1", "surface-rules-9")), "ruleset");
    let with_result = |winner: &str, reason: &str| {
        good.replace("\"result\": null", &format!("\"result\": {{\"winner\": {winner}, \"reason\": \"{reason}\"}}"))
    };
    assert_eq!(field(&with_result("\"green\"", "resignation")), "result.winner");
    assert_eq!(field(&with_result("null", "boredom")), "result.reason");
    assert_eq!(field(&with_result("\"white\"", "checkmate")), "result");
    assert!(replay(&with_result("\"white\"", "resignation")).is_ok());
    assert!(replay(&with_result("null", "agreement")).is_ok());
    // The final state must match the replay.
    let mut record = Record::of(&game);
    record.r#final.as_mut().expect("final").repetitions = 2;
    assert!(matches!(record.replay(), Err(RecordError::Field { field: "final.repetitions", .. })));
    let mut record = Record::of(&game);
    record.r#final.as_mut().expect("final").position = MOBIUS_INITIAL.to_owned();
    assert!(matches!(record.replay(), Err(RecordError::Field { field: "final.position", .. })));
    // Edited setups need a label and a valid position.
    let mut record = Record::of(&game);
    record.actions.clear();
    record.r#final = None;
    record.setup = Some(SetupRecord { label: " ".into(), position: MOBIUS_INITIAL.to_owned() });
    assert!(matches!(record.replay(), Err(RecordError::Field { field: "setup.label", .. })));
    record.setup = Some(SetupRecord { label: "analysis".into(), position: MOBIUS_INITIAL.replace(" w ", " x ") });
    match record.replay() {
        Err(RecordError::Field { field: "setup.position", reason }) => {
            assert!(reason.contains("side to move"), "{reason}")
        }
        other => panic!("expected a setup.position error, got {other:?}"),
    }
}

/// Actions recorded after the game ended are refused at their ply.
#[test]
fn record_actions_after_the_end_name_their_ply() {
    let mut game = Game::new(Variant::Chess);
    for text in ["f2–f3", "e7–e5", "g2–g4", "Qd8–h4"] {
        let a = game.position().parse_action(text).expect(text);
        game.play(a).expect(text);
    }
    assert!(game.outcome().is_some(), "fool's mate");
    let mut record = Record::of(&game);
    record.actions.push("e2–e3".into());
    record.r#final = None;
    match record.replay() {
        Err(e @ RecordError::Action { ply: 5, .. }) => assert!(e.to_string().contains("ended")),
        other => panic!("expected an action error at ply 5, got {other:?}"),
    }
}

#[test]
fn action_errors_say_what_is_wrong() {
    let p = Position::new(Variant::Mobius);
    let parse = |t: &str| p.parse_action(t);
    assert!(matches!(parse(""), Err(ParseActionError::Malformed(_))));
    assert!(matches!(parse("e2"), Err(ParseActionError::Malformed(_))));
    assert!(matches!(parse("e2–e4=X"), Err(ParseActionError::Malformed(_))));
    assert!(matches!(parse("e2–e4=K"), Err(ParseActionError::Malformed(_))));
    assert!(matches!(parse("e2–z4"), Err(ParseActionError::UnknownCell(_))));
    assert!(matches!(parse("e0–e4"), Err(ParseActionError::UnknownCell(_))));
    assert!(matches!(parse("I:e2–e4"), Err(ParseActionError::UnknownCell(_))));
    assert!(matches!(parse("e2–e5"), Err(ParseActionError::Illegal(_))));
    assert!(matches!(parse("Ne2–e4"), Err(ParseActionError::Illegal(_))));
    assert!(matches!(parse("O-O"), Err(ParseActionError::Illegal(_))));
    let e4 = parse("e2–e4").expect("double step");
    assert!(matches!(e4.kind, ActionKind::DoubleStep { .. }));
    for same in ["e2-e4", "e2xe4", " e2–e4 ", "e2–e4+", "e2–e4#"] {
        assert_eq!(parse(same), Ok(e4), "{same:?}");
    }
    // A promotion with no piece named is incomplete, never implicitly a queen.
    let text = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
    let q = Position::from_text(Variant::Chess, text).expect("a chess position");
    assert!(matches!(q.parse_action("e7–e8"), Err(ParseActionError::MissingPromotion(_))));
    let promoted = q.parse_action("e7–e8=N").expect("promotion");
    assert_eq!(promoted.promotion(), Some(Role::Knight));
    for e in [
        ParseActionError::Malformed("x".into()),
        ParseActionError::UnknownCell("x".into()),
        ParseActionError::Illegal("x".into()),
        ParseActionError::MissingPromotion("x".into()),
        ParseActionError::Ambiguous("x".into(), vec!["a".into(), "b".into()]),
    ] {
        assert!(!e.to_string().is_empty());
    }
}

/// The lesson files of `assets/lessons`, as text.
fn lesson_texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/lessons");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("the lessons folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths.iter().map(|p| std::fs::read_to_string(p).expect("a lesson")).collect()
    })
}

proptest! {
    #![proptest_config(config(300, 91))]

    /// Random edits of real lessons (bytes replaced, cut, duplicated) never panic the lesson
    /// reader or its check; every refusal says what is wrong.
    #[test]
    fn edited_lessons_never_panic(which in 0usize..64, at in 0usize..4096, len in 0usize..40, byte in any::<u8>(), mode in 0u8..3) {
        let texts = lesson_texts();
        let mut bytes = texts[which % texts.len()].clone().into_bytes();
        let at = at % (bytes.len() + 1);
        let end = (at + len).min(bytes.len());
        match mode {
            0 => bytes.splice(at..end, std::iter::repeat_n(byte, end - at)).for_each(drop),
            1 => bytes.splice(at..end, std::iter::empty()).for_each(drop),
            _ => {
                let copy: Vec<u8> = bytes[at..end].to_vec();
                bytes.splice(at..at, copy).for_each(drop);
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = surface_chess_rules::Lesson::load(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
