// MainWindow: File > New from Template (game_templates.h) and the Save As path
// for a game that has no file yet (split from main_window.cpp).
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"

namespace wb::app {

bool MainWindow::newFromTemplate(const QString& templatePath) {
  QFile f(templatePath);
  if (!f.open(QIODevice::ReadOnly)) {
    showMessage(tr("Cannot read the template %1").arg(templatePath));
    return false;
  }
  const QString text = QString::fromUtf8(f.readAll());
  if (!maybeSave()) return false;
  // Loaded from text: the new game has no file, so Save asks where to keep it
  // and the template itself is never written.
  m_document->openFromString(text, tr("Untitled.yaml"));
  m_explorer->filterEdit()->clear();
  m_inspector->setEntity(model::Section::Cards, QString());
  showPage(RulesetExplorer::Overview);
  showMessage(tr("New game from the %1 template: edit it and press Run; Save asks where to keep it.")
                  .arg(QFileInfo(templatePath).completeBaseName()));
  return true;
}

QString MainWindow::chooseSavePath() {
  if (m_savePathChooser) return m_savePathChooser(m_document->filePath());
  return QFileDialog::getSaveFileName(this, tr("Save ruleset as"), m_document->filePath(), tr("Rulesets (*.yaml *.yml)"));
}

}  // namespace wb::app
