#include "app/gui/window/game_templates.h"

#include <QDir>
#include <QFileInfo>

#include "app/gui/window/help_dialogs.h"

namespace wb::app {

QList<GameTemplate> gameTemplates() {
  QList<GameTemplate> out;
  const QString dir = findDocument(QStringLiteral("data/templates"));
  if (dir.isEmpty()) return out;
  const QFileInfoList files =
      QDir(dir).entryInfoList({QStringLiteral("*.yaml")}, QDir::Files | QDir::Readable, QDir::Name);
  for (const QFileInfo& f : files) {
    QString title = f.completeBaseName().replace(QLatin1Char('-'), QLatin1Char(' ')).replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!title.isEmpty()) title[0] = title[0].toUpper();
    out.push_back({title, f.absoluteFilePath()});
  }
  return out;
}

}  // namespace wb::app
