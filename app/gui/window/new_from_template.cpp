// MainWindow: File > New from Template (game_templates.h), the Save As path
// for a game that has no file yet, and the files a Save As writes besides the
// one named (split from main_window.cpp).
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "model/yaml/ruleset_writer.h"

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

QStringList MainWindow::othersFilesReplaced(const QString& path) const {
  // A ruleset's included files are written beside its root: saved elsewhere,
  // its dice_questions.yaml would replace one already there that the user
  // never named (another game's). Its own files (saved in place) are not asked
  // about, nor a file that already holds exactly what would be written.
  const model::Ruleset& ruleset = m_document->ruleset();
  if (ruleset.includes.empty()) return {};
  const QString root = QFileInfo(path).absoluteFilePath();
  const QString loaded = m_document->filePath().isEmpty() ? QString()
                                                          : QFileInfo(m_document->filePath()).absolutePath();
  QStringList own;
  for (const std::string& include : ruleset.includes)
    if (!loaded.isEmpty()) own << QDir::cleanPath(QDir(loaded).filePath(QString::fromStdString(include)));
  QStringList replaced;
  for (const auto& [file, text] : model::toSavedYamlFiles(ruleset, root.toStdString())) {
    const QString target = QDir::cleanPath(QString::fromStdString(file));
    if (target == QDir::cleanPath(root) || own.contains(target) || !QFileInfo::exists(target)) continue;
    QFile f(target);
    if (f.open(QIODevice::ReadOnly) && f.readAll() == QByteArray::fromStdString(text)) continue;
    replaced << target;
  }
  return replaced;
}

}  // namespace wb::app
