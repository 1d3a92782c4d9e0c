//! The panel's online section: the connection's state and latency, the server address and the
//! player's name, hosting (side, clock) and joining by invite code, the lobby's four groups; for
//! the open game its players, the invite code (large), both clocks ticking, Ready, the draw offer
//! and its acceptance, resignation, the result with its reason, and the way back to the offline
//! game. Every button sends an [`OnlineCommand`]; [`OnlineFacts`] decides which can be used.

use super::scroll::{WheelScrolls, scroll_with_wheel};
use crate::scene::layout::{DIM, TEXT, label};
use crate::state::game::CurrentGame;
use crate::state::online::clocks::{self, format_ms, spec_words};
use crate::state::online::{HostSettings, Known, Lobby, OnlineCommand, OnlineSettings, OnlineView, result_words};
use crate::ui::button::{Activate, ButtonLabel, EnabledWhen, Look, button, button_in, enable_buttons};
use crate::ui::tips::Tip;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input_focus::FocusedInput;
use bevy::prelude::*;
use bevy::text::{EditableText, EditableTextFilter};
use bevy::ui::InteractionDisabled;
use surface_chess_online::{LobbyEntry, Phase, Side, SideChoice};
use surface_chess_rules::Color as Rules;
use surface_chess_rules::Game;

/// What the online buttons depend on: the open game's phase and the player's place in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnlineFacts {
    /// The open game's phase (`None`: no game open).
    pub phase: Option<Phase>,
    /// The player's side in it (`None`: watching).
    pub you: Option<Side>,
    /// Whether the player pressed Ready.
    pub ready: bool,
    /// Whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// Whether no move has been played (the game can still be cancelled).
    pub unplayed: bool,
    /// Whether the rules allow a draw claim in the position shown.
    pub claimable: bool,
    /// Whose rematch offer stands.
    pub rematch_offer: Option<Side>,
    /// Whether the rematch exists.
    pub rematched: bool,
}

impl OnlineFacts {
    /// The facts of the open game, shown as `game`.
    pub fn of(online: &OnlineView, game: &Game) -> OnlineFacts {
        let Some(Known { state, .. }) = online.open_state() else { return OnlineFacts::default() };
        let ready = match state.you {
            Some(Side::White) => state.clock.white_ready,
            Some(Side::Black) => state.clock.black_ready,
            None => false,
        };
        let unplayed = state.moves.is_empty();
        let claimable = game.outcome().is_none() && game.claimable().is_some();
        OnlineFacts {
            phase: Some(state.phase),
            you: state.you,
            ready,
            draw_offer: state.draw_offer,
            unplayed,
            claimable,
            rematch_offer: state.rematch_offer,
            rematched: state.rematch.is_some(),
        }
    }

    fn seated_in(&self, phases: &[Phase]) -> bool {
        self.you.is_some() && self.phase.is_some_and(|p| phases.contains(&p))
    }
}

type Enabled = EnabledWhen<OnlineFacts>;

/// The menu: address, name, host, join, lobby (while no game is open).
#[derive(Component)]
pub(super) struct OnlineMenu;

/// The open game's part.
#[derive(Component)]
pub(super) struct GameArea;

/// The connection's state.
#[derive(Component)]
pub struct LinkText;

/// The last problem (the server's refusal).
#[derive(Component)]
pub struct OnlineErrorText;

/// What Host will create.
#[derive(Component)]
pub(super) struct HostCaption;

/// The open game's players and where it stands.
#[derive(Component)]
pub struct GameText;

/// The open game's invite code, large.
#[derive(Component)]
pub struct InviteText;

/// Both clocks.
#[derive(Component)]
pub struct ClockText;

/// The lobby's groups.
#[derive(Component)]
pub struct LobbyArea;

/// The server address field.
#[derive(Component)]
pub struct ServerField;

/// The name field.
#[derive(Component)]
pub struct NameField;

/// The invite code field.
#[derive(Component)]
pub struct CodeField;

/// A button naming one of the host's choices; a press moves it on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HostChoice {
    /// The host's side (cycles White, Black, Random).
    Side,
    /// The host's clock (cycles the presets and the correspondence days).
    Clock,
    /// Whether anyone may watch (off, on).
    Spectators,
}

impl HostChoice {
    /// The button's words for the host's settings.
    fn words(self, host: &HostSettings) -> String {
        match self {
            HostChoice::Side => side_text(host.side),
            HostChoice::Clock => clock_text(host),
            HostChoice::Spectators => format!("Watchers: {}", if host.spectators { "on" } else { "off" }),
        }
    }

    /// The next choice.
    fn next(self, host: &mut HostSettings) {
        match self {
            HostChoice::Side => {
                host.side = match host.side {
                    SideChoice::White => SideChoice::Black,
                    SideChoice::Black => SideChoice::Random,
                    SideChoice::Random => SideChoice::White,
                }
            }
            HostChoice::Clock => {
                let choices = clocks::choices();
                let i = choices.iter().position(|&c| c == host.clock).map_or(0, |i| (i + 1) % choices.len());
                host.clock = choices[i];
            }
            HostChoice::Spectators => host.spectators = !host.spectators,
        }
    }
}

/// The error's colour.
const PROBLEM: Color = Color::srgb(1.0, 0.60, 0.55);
/// The invite code's colour.
const INVITE: Color = Color::srgb(0.55, 0.85, 1.0);
/// A field's background.
const FIELD: Color = Color::srgb(0.08, 0.08, 0.10);

/// A one-line text field.
fn field(text: &str, width: f32, max: usize) -> impl Bundle {
    let mut editable = EditableText::new(text);
    editable.max_characters = Some(max);
    (
        Node { width: px(width), border: UiRect::all(px(1)), padding: UiRect::horizontal(px(4)), ..default() },
        BorderColor::all(DIM),
        BackgroundColor(FIELD),
        editable,
        TextLayout::no_wrap(),
        TextFont { font_size: FontSize::Px(13.0), ..default() },
    )
}

/// A button of this look sending `command`, usable when `enabled` holds.
pub(super) fn command_button(
    commands: &mut Commands,
    look: Look,
    text: &str,
    enabled: fn(&OnlineFacts) -> bool,
    command: OnlineCommand,
) -> Entity {
    commands
        .spawn((button_in(look, text), EnabledWhen(enabled), Tip(command.tip())))
        .observe(move |_: On<Activate>, mut orders: MessageWriter<OnlineCommand>| {
            orders.write(command.clone());
        })
        .id()
}

/// A row of `children`, wrapping, not yet placed.
pub(super) fn loose_row(commands: &mut Commands, children: &[Entity]) -> Entity {
    commands
        .spawn(Node {
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            column_gap: px(4),
            flex_shrink: 0.0,
            ..default()
        })
        .add_children(children)
        .id()
}

/// A row of `children` under `parent`, wrapping.
pub(super) fn row(commands: &mut Commands, parent: Entity, children: &[Entity]) {
    let row = loose_row(commands, children);
    commands.entity(parent).add_child(row);
}

/// A column that gives way to the window's height in its scrolling part (the lobby).
pub(super) fn column(gap: f32) -> Node {
    Node { flex_direction: FlexDirection::Column, flex_shrink: 1.0, min_height: px(0), row_gap: px(gap), ..default() }
}

/// Where the online section's other parts go.
pub(super) struct OnlineSection {
    /// The section: its first children are the connection's state and the problem.
    pub section: Entity,
    /// The menu's part that scrolls, above the lobby.
    pub lower: Entity,
}

/// Spawns the section under `page`, with the address and name it starts with.
pub(super) fn spawn_online_section(commands: &mut Commands, page: Entity, online: &OnlineSettings) -> OnlineSection {
    let section = commands.spawn(column(3.0)).id();
    commands.entity(page).add_child(section);
    let link = commands.spawn((label("", 13.0, DIM), LinkText)).id();
    let error = commands.spawn((label("", 13.0, PROBLEM), OnlineErrorText)).id();
    commands.entity(section).add_children(&[link, error]);

    let always: fn(&OnlineFacts) -> bool = |_| true;
    let menu = commands.spawn((column(3.0), OnlineMenu)).id();
    commands.entity(section).add_child(menu);
    let caption = commands.spawn(label("Server", 13.0, DIM)).id();
    let server = commands.spawn((field(&online.server, 270.0, 200), ServerField)).id();
    let connect = command_button(commands, Look::Plain, "Connect", always, OnlineCommand::Connect);
    row(commands, menu, &[caption, server, connect]);
    let caption = commands.spawn(label("Name  ", 13.0, DIM)).id();
    let name = commands.spawn((field(&online.name, 120.0, 32), NameField)).id();
    let [side, clock, watchers] = [HostChoice::Side, HostChoice::Clock, HostChoice::Spectators]
        .map(|choice| commands.spawn((button(choice.words(&online.host)), choice)).observe(next_choice).id());
    row(commands, menu, &[caption, name, side, clock]);
    let host = command_button(commands, Look::Primary, "Host", always, OnlineCommand::Host);
    let host_caption = commands.spawn((label("", 13.0, DIM), HostCaption)).id();
    row(commands, menu, &[host, watchers, host_caption]);
    let caption = commands.spawn(label("Code  ", 13.0, DIM)).id();
    let code = commands
        .spawn((
            field("", 200.0, 40),
            EditableTextFilter::new(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '#')),
            CodeField,
        ))
        .observe(join_on_enter)
        .id();
    let join =
        commands.spawn((button("Join"), Tip(OnlineCommand::Join(String::new()).tip()))).observe(join_with_code).id();
    let lobby = command_button(commands, Look::Plain, "Lobby", always, OnlineCommand::Lobby);
    row(commands, menu, &[caption, code, join, lobby]);
    // Play on this network and the lobby share the part that scrolls when the window is short.
    let lower = commands
        .spawn((Node { overflow: Overflow::scroll_y(), ..column(2.0) }, ScrollPosition::default(), WheelScrolls))
        .observe(scroll_with_wheel)
        .id();
    commands.entity(menu).add_child(lower);
    let lobby_area = commands.spawn((Node { flex_shrink: 0.0, ..column(2.0) }, LobbyArea)).id();
    commands.entity(lower).add_child(lobby_area);

    let game = commands
        .spawn((
            Node { flex_direction: FlexDirection::Column, row_gap: px(3), display: Display::None, ..default() },
            GameArea,
        ))
        .id();
    commands.entity(section).add_child(game);
    let text = commands.spawn((label("", 13.0, TEXT), GameText)).id();
    let invite = commands.spawn((label("", 22.0, INVITE), InviteText)).id();
    let clocks = commands.spawn((label("", 17.0, TEXT), ClockText)).id();
    commands.entity(game).add_children(&[text, invite, clocks]);
    let buttons = [
        command_button(
            commands,
            Look::Primary,
            "Ready",
            |f| f.phase == Some(Phase::WaitingForReady) && !f.ready && f.you.is_some(),
            OnlineCommand::Ready,
        ),
        command_button(
            commands,
            Look::Plain,
            "Offer draw",
            |f| f.seated_in(&[Phase::Playing]) && f.draw_offer.is_none(),
            OnlineCommand::OfferDraw,
        ),
        command_button(
            commands,
            Look::Plain,
            "Accept draw",
            |f| f.seated_in(&[Phase::Playing]) && f.draw_offer.is_some_and(|s| Some(s) != f.you),
            OnlineCommand::AcceptDraw,
        ),
        command_button(
            commands,
            Look::Plain,
            "Resign game",
            |f| f.seated_in(&[Phase::WaitingForReady, Phase::Playing]),
            OnlineCommand::Resign,
        ),
        command_button(
            commands,
            Look::Plain,
            "Claim a draw",
            |f| f.claimable && f.seated_in(&[Phase::Playing]),
            OnlineCommand::ClaimDraw,
        ),
        command_button(
            commands,
            Look::Plain,
            "Cancel game",
            |f| f.unplayed && f.seated_in(&[Phase::WaitingForOpponent, Phase::WaitingForReady, Phase::Playing]),
            OnlineCommand::Abort,
        ),
        command_button(
            commands,
            Look::Primary,
            "Rematch",
            |f| f.seated_in(&[Phase::Finished]) && !f.rematched && f.rematch_offer != f.you,
            OnlineCommand::Rematch,
        ),
        command_button(commands, Look::Plain, "Leave", always, OnlineCommand::Leave),
    ];
    row(commands, game, &buttons);
    OnlineSection { section, lower }
}

fn side_text(side: SideChoice) -> String {
    let name = match side {
        SideChoice::White => "White",
        SideChoice::Black => "Black",
        SideChoice::Random => "Random",
    };
    format!("Side: {name}")
}

fn clock_text(host: &HostSettings) -> String {
    format!("Clock: {}", spec_words(host.clock))
}

fn next_choice(press: On<Activate>, choices: Query<&HostChoice>, mut online: ResMut<OnlineSettings>) {
    if let Ok(choice) = choices.get(press.entity) {
        choice.next(&mut online.host);
    }
}

/// The code typed, as a join request.
fn join_with_code(
    _: On<Activate>,
    codes: Query<&EditableText, With<CodeField>>,
    mut orders: MessageWriter<OnlineCommand>,
) {
    let code = codes.single().map(|c| c.value().to_string()).unwrap_or_default();
    orders.write(OnlineCommand::Join(code));
}

/// Enter in the code field joins.
fn join_on_enter(
    input: On<FocusedInput<KeyboardInput>>,
    codes: Query<&EditableText, With<CodeField>>,
    mut orders: MessageWriter<OnlineCommand>,
) {
    if input.input.key_code == KeyCode::Enter && input.input.state == ButtonState::Pressed && !input.input.repeat {
        let code = codes.single().map(|c| c.value().to_string()).unwrap_or_default();
        orders.write(OnlineCommand::Join(code));
    }
}

/// The address and name typed are the ones the next request connects with.
pub(super) fn take_fields(
    servers: Query<&EditableText, (With<ServerField>, Changed<EditableText>)>,
    names: Query<&EditableText, (With<NameField>, Changed<EditableText>)>,
    mut online: ResMut<OnlineSettings>,
) {
    for server in &servers {
        let text = server.value().to_string();
        if text.trim() != online.server {
            online.server = text.trim().to_owned();
        }
    }
    for name in &names {
        let text = name.value().to_string();
        if text != online.name {
            online.name = text;
        }
    }
}

pub(super) fn update_online_buttons(
    mut commands: Commands,
    online: OnlineView,
    current: Res<CurrentGame>,
    buttons: Query<(Entity, &Enabled, Has<InteractionDisabled>)>,
    added: Query<(), Added<Enabled>>,
    mut shown: Local<Option<OnlineFacts>>,
) {
    if !online.is_changed() && !current.is_changed() && added.is_empty() {
        return;
    }
    let facts = OnlineFacts::of(&online, &current.game);
    if *shown != Some(facts) || !added.is_empty() {
        enable_buttons(&mut commands, &facts, &buttons);
        *shown = Some(facts);
    }
}

/// Sets a text if it differs (so that nothing is laid out again for nothing).
fn set(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}

/// The open game in words: number, board, clock, players, and where it stands.
pub fn game_words(known: &Known) -> String {
    let s = &known.state;
    let seat = |name: &Option<String>| name.clone().unwrap_or_else(|| "(open seat)".into());
    let watchers = if s.spectators { format!(" · anyone may watch: #{}", s.game) } else { String::new() };
    let mut text = format!(
        "Game {} · {} · {}{watchers}\nWhite: {} · Black: {}",
        s.game,
        s.variant,
        spec_words(s.clock.spec),
        seat(&s.white),
        seat(&s.black)
    );
    let you = s.you.map(|side| Rules::from(side).name());
    text.push_str(&match you {
        Some(side) => format!(" · you play {side}\n"),
        None => " · watching\n".into(),
    });
    let side = |side: Side| Rules::from(side).name();
    match (&s.result, s.phase) {
        (Some(result), _) => {
            text.push_str(&format!("Result: {}", result_words(result)));
            if let Some(by) = s.rematch_offer {
                let who = if s.you == Some(by) { "you offer" } else { "press Rematch to play it" };
                text.push_str(&format!(" · {} offers a rematch ({who})", side(by)));
            }
            if let Some(game) = s.rematch {
                text.push_str(&format!(" · rematch: game #{game}"));
            }
        }
        (None, Phase::WaitingForOpponent) if s.you.is_some() => {
            text.push_str("Waiting for an opponent: pass on the invite code")
        }
        (None, Phase::WaitingForOpponent) => text.push_str("Waiting for an opponent"),
        (None, Phase::WaitingForReady) => {
            let mark = |ready| if ready { "ready" } else { "not ready" };
            text.push_str(&format!(
                "Both press Ready to start the clocks (white {}, black {})",
                mark(s.clock.white_ready),
                mark(s.clock.black_ready)
            ));
        }
        (None, _) => {
            let turn = if s.you == Some(s.to_move) { "your move" } else { "opponent's move" };
            text.push_str(&format!("{} to move ({turn})", side(s.to_move)));
            if let Some(by) = s.draw_offer {
                let who = if s.you == Some(by) { "you offer" } else { "your opponent offers" };
                text.push_str(&format!(" · {} offers a draw ({who})", side(by)));
            }
        }
    }
    text
}

/// Both clocks `elapsed_ms` after the state arrived: `White 29:58 ◂   Black 30:00`, the running
/// side marked.
pub fn clock_words(known: &Known, elapsed_ms: u64) -> String {
    let clock = &known.state.clock;
    let (white, black) = clocks::remaining(clock, elapsed_ms);
    let mark = |side| if clock.running == Some(side) { " ◂" } else { "  " };
    format!("White {}{}   Black {}{}", format_ms(white), mark(Side::White), format_ms(black), mark(Side::Black))
}

/// The invite code in groups of five, easy to read aloud.
pub fn grouped(code: &str) -> String {
    code.as_bytes().chunks(5).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join(" ")
}

/// The menu without a game, the game's part with one; the invite while the seat is open.
#[allow(clippy::type_complexity)]
pub(super) fn show_online_parts(
    online: OnlineView,
    mut parts: Query<
        (&mut Node, Has<OnlineMenu>, Has<GameArea>),
        Or<(With<OnlineMenu>, With<GameArea>, With<InviteText>)>,
    >,
) {
    if !online.is_changed() {
        return;
    }
    let open = online.open.is_some();
    for (mut node, menu, game) in &mut parts {
        let shown = if menu {
            !open
        } else if game {
            open
        } else {
            online.invite().is_some()
        };
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}

/// The section's words: the connection, the problem, the open game, its invite and clocks
/// (ticking), what Host creates.
#[allow(clippy::type_complexity)]
pub(super) fn show_online_texts(
    time: Res<Time>,
    online: OnlineView,
    current: Res<CurrentGame>,
    mut texts: ParamSet<(
        Query<&mut Text, With<LinkText>>,
        Query<&mut Text, With<OnlineErrorText>>,
        Query<&mut Text, With<GameText>>,
        Query<&mut Text, With<InviteText>>,
        Query<&mut Text, With<ClockText>>,
        Query<&mut Text, With<HostCaption>>,
    )>,
) {
    let now = time.elapsed_secs_f64();
    for mut text in &mut texts.p0() {
        set(&mut text, online.link.words(&online.settings.server, now));
    }
    for mut text in &mut texts.p1() {
        set(&mut text, online.link.error.clone().unwrap_or_default());
    }
    if let Some(known) = online.open_state() {
        for mut text in &mut texts.p2() {
            set(&mut text, game_words(known));
        }
        let elapsed = ((now - known.at).max(0.0) * 1000.0) as u64;
        for mut text in &mut texts.p4() {
            set(&mut text, clock_words(known, elapsed));
        }
    }
    for mut text in &mut texts.p3() {
        set(&mut text, online.invite().map(grouped).unwrap_or_default());
    }
    for mut text in &mut texts.p5() {
        set(&mut text, format!("a {} game", current.variant()));
    }
}

/// The side, clock and spectator buttons name the host's choices.
pub(super) fn show_host_choices(
    online: Res<OnlineSettings>,
    mut buttons: Query<(&mut ButtonLabel, &Children, &HostChoice)>,
    mut labels: Query<&mut Text>,
) {
    if !online.is_changed() {
        return;
    }
    for (mut button, children, choice) in &mut buttons {
        let wanted = choice.words(&online.host);
        if button.0 != wanted {
            button.0.clone_from(&wanted);
            for child in children {
                if let Ok(mut text) = labels.get_mut(*child) {
                    set(&mut text, wanted.clone());
                }
            }
        }
    }
}

/// A lobby entry's button text: `#12 chess · white vs Bob · 4 moves · 30 min`, with the result
/// once finished.
pub fn lobby_words(entry: &LobbyEntry) -> String {
    let opponent = entry.opponent.as_deref().unwrap_or("(open seat)");
    let moves = match entry.moves {
        1 => "1 move".to_owned(),
        n => format!("{n} moves"),
    };
    let mut text = format!(
        "#{} {} · {} vs {opponent} · {moves} · {}",
        entry.game,
        entry.variant,
        Rules::from(entry.you).name(),
        spec_words(entry.clock)
    );
    if let Some(result) = &entry.result {
        text.push_str(&format!(" · {}", result_words(result)));
    }
    text
}

/// The most entries shown per group (the newest).
const LOBBY_SHOWN: usize = 6;

pub(super) fn show_lobby(
    mut commands: Commands,
    heard: Res<Lobby>,
    area: Query<Entity, With<LobbyArea>>,
    mut shown: Local<Option<surface_chess_online::LobbyList>>,
) {
    if *shown == heard.list {
        return;
    }
    shown.clone_from(&heard.list);
    let Ok(area) = area.single() else { return };
    commands.entity(area).despawn_related::<Children>();
    let Some(lobby) = &heard.list else { return };
    // The server sends the latest finished games and says whether older ones remain.
    let groups = [
        ("Your turn", &lobby.your_turn, false),
        ("Opponent's turn", &lobby.opponents_turn, false),
        ("Waiting to start", &lobby.waiting, false),
        ("Finished", &lobby.finished, lobby.more_finished),
    ];
    for (title, entries, more) in groups {
        let more = if more { "+" } else { "" };
        let heading = commands.spawn(label(format!("{title} ({}{more})", entries.len()), 13.0, DIM)).id();
        commands.entity(area).add_child(heading);
        let list = commands.spawn(Node { flex_wrap: FlexWrap::Wrap, ..default() }).id();
        commands.entity(area).add_child(list);
        for entry in entries.iter().rev().take(LOBBY_SHOWN) {
            let game = entry.game;
            let b = commands
                .spawn((button(lobby_words(entry)), Tip(OnlineCommand::Open(game).tip())))
                .observe(move |_: On<Activate>, mut orders: MessageWriter<OnlineCommand>| {
                    orders.write(OnlineCommand::Open(game));
                })
                .id();
            commands.entity(list).add_child(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invite_codes_read_in_groups_of_five() {
        assert_eq!(grouped("abcdefghijkmnpqrstuv"), "abcde fghij kmnpq rstuv");
    }
}
