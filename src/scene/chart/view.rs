//! The chart view's render layer and the layout on show.

use super::layout::ChartLayout;
use bevy::prelude::*;

/// The render layer of the chart view (the surface is on layer 0).
pub const CHART_LAYER: usize = 1;

/// The chart's layout in use.
#[derive(Resource, Clone, Debug)]
pub struct ChartShown(pub ChartLayout);
