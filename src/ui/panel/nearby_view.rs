//! The online section's part for play on this network: Host on this network, Join on this
//! network and the games it finds (one button each), and, while this app hosts, where the others
//! reach it and a way to stop. Every button sends an [`OnlineCommand`].

use super::online_view::{OnlineSection, ServerField, column, command_button, loose_row};
use crate::scene::layout::{DIM, label};
use crate::state::online::OnlineCommand;
use crate::state::online::lan::{Found, Hosting, Neighbourhood};
use crate::ui::button::{Activate, Look, button};
use crate::ui::tips::Tip;
use bevy::prelude::*;
use surface_chess_rules::Color as Rules;

/// Where the others on this network reach the server in this app.
#[derive(Component)]
pub struct HostingText;

/// The games found on this network.
#[derive(Component)]
pub struct NearbyList;

/// What the search of this network found, in words.
#[derive(Component)]
pub struct NearbyText;

/// The button that stops hosting (shown while this app hosts).
#[derive(Component)]
pub struct StopHostingButton;

/// The hosting line's colour.
const HOSTING: Color = Color::srgb(0.70, 0.92, 0.62);

/// Spawns the hosting line under the connection's state, and the buttons and the list of games
/// found above the lobby.
pub(super) fn spawn_nearby(commands: &mut Commands, online: OnlineSection) {
    let hosting = commands.spawn((label("", 13.0, HOSTING), HostingText)).id();
    commands.entity(online.section).insert_children(2, &[hosting]);
    let always = |_: &_| true;
    let host = command_button(commands, Look::Primary, "Host on this network", always, OnlineCommand::HostNearby);
    let find = command_button(commands, Look::Plain, "Join on this network", always, OnlineCommand::FindNearby);
    let stop = command_button(commands, Look::Plain, "Stop hosting", always, OnlineCommand::StopHosting);
    commands.entity(stop).insert(StopHostingButton);
    let buttons = loose_row(commands, &[host, find, stop]);
    let text = commands.spawn((label("", 13.0, DIM), NearbyText)).id();
    let list = commands.spawn((Node { flex_shrink: 0.0, ..column(2.0) }, NearbyList)).id();
    commands.entity(online.lower).insert_children(0, &[buttons, text, list]);
}

/// A game found, as its button says it: `Alice · klein · plays white · #3`.
pub fn found_words(found: &Found) -> String {
    let a = &found.announcement;
    format!("{} · {} · plays {} · #{} — join", a.name, a.variant, Rules::from(a.host_side).name(), a.game)
}

/// The hosting line, the search's words, the stop button and the list of games found.
#[allow(clippy::type_complexity)]
pub(super) fn show_nearby(
    mut commands: Commands,
    network: Res<Neighbourhood>,
    hosting: Option<Res<Hosting>>,
    mut texts: ParamSet<(Query<&mut Text, With<HostingText>>, Query<&mut Text, With<NearbyText>>)>,
    mut stop: Query<&mut Node, With<StopHostingButton>>,
    list: Query<Entity, With<NearbyList>>,
    added: Query<(), Added<NearbyList>>,
) {
    let hosting_changed = hosting.as_ref().is_none_or(|h| h.is_changed());
    if !network.is_changed() && !hosting_changed && added.is_empty() {
        return;
    }
    let hosting_words = match &hosting {
        Some(h) => {
            let offered: Vec<String> = network.announced().map(|g| format!("#{g}")).collect();
            let offered = match offered.len() {
                0 => String::new(),
                1 => format!(" · game {} offered to anyone on it", offered[0]),
                _ => format!(" · games {} offered to anyone on it", offered.join(", ")),
            };
            format!("Hosting on this network at {}{offered}", h.addresses.join(" or "))
        }
        None => String::new(),
    };
    for mut text in &mut texts.p0() {
        if text.0 != hosting_words {
            text.0.clone_from(&hosting_words);
        }
    }
    let search = match (&network.problem, network.finding(), network.found.len()) {
        (Some(problem), _, _) => problem.clone(),
        (None, false, _) => String::new(),
        (None, true, 0) => "Looking for games on this network…".into(),
        (None, true, 1) => "1 game on this network".into(),
        (None, true, n) => format!("{n} games on this network"),
    };
    for mut text in &mut texts.p1() {
        if text.0 != search {
            text.0.clone_from(&search);
        }
    }
    let display = if hosting.is_some() { Display::Flex } else { Display::None };
    for mut node in &mut stop {
        if node.display != display {
            node.display = display;
        }
    }
    if !network.is_changed() && added.is_empty() {
        return;
    }
    for list in &list {
        commands.entity(list).despawn_related::<Children>();
        for (fullname, found) in &network.found {
            let order = OnlineCommand::JoinNearby(fullname.clone());
            let b = commands
                .spawn((button(found_words(found)), Tip(order.tip())))
                .observe(move |_: On<Activate>, mut orders: MessageWriter<OnlineCommand>| {
                    orders.write(order.clone());
                })
                .id();
            commands.entity(list).add_child(b);
        }
    }
}

/// The server field follows the settings when they change elsewhere (hosting, joining on this
/// network), unless it is being edited.
pub(super) fn show_server(
    online: Res<crate::state::online::OnlineSettings>,
    mut fields: Query<&mut bevy::text::EditableText, With<ServerField>>,
) {
    if !online.is_changed() {
        return;
    }
    for mut field in &mut fields {
        if field.value().to_string().trim() != online.server {
            field.editor_mut().set_text(&online.server);
        }
    }
}
