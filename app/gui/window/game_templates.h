// The games File > New from Template starts from: each a described game (the
// rules language, data/schema/game-description.md) kept as a file in
// data/templates/, so a template is added by adding a file, no code. The
// menu's title is the file's name ("card-game.yaml": "Card game").
#pragma once

#include <QList>
#include <QString>

namespace wb::app {

struct GameTemplate {
  QString title;  // "Card game"
  QString path;   // the template's file (read, never written)
};

// data/templates/*.yaml under the documentation root (help_dialogs.h), by name.
QList<GameTemplate> gameTemplates();

}  // namespace wb::app
