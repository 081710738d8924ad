// "Sweep this value...": the context-menu entry the editor tables and the
// inspector add for a numeric value, and the first range the Sweep tab
// proposes for it (a few values around the current one, inside its declared
// range).
#pragma once

#include <QString>

#include <functional>

#include "model/core/ruleset.h"

class QAction;
class QMenu;

namespace wb::app {

// True when `path` names a numeric value of `ruleset` (int, float, or an
// expression that is a plain number, such as most costs).
bool isSweepable(const model::Ruleset& ruleset, const QString& path);

// Adds "Sweep this value..." to `menu` when the path is sweepable; the action
// calls `onSweep(path)`. Returns the action, or nullptr (nothing added).
QAction* addSweepAction(QMenu* menu, const model::Ruleset& ruleset, const QString& path,
                        std::function<void(const QString&)> onSweep);

// A FROM:TO:STEP range around the current value of `path` with about five
// values, clipped to its min / max ("" when the path is not numeric).
QString suggestSweepRange(const model::Ruleset& ruleset, const QString& path);

}  // namespace wb::app
