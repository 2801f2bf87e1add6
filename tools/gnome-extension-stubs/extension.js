// Stands for resource:///org/gnome/shell/extensions/extension.js (GNOME Shell 45 and later) in
// tools/gnome-extension-harness.js: the base class keeps the metadata it is made with, as the Shell's does.
export class Extension {
    constructor(metadata) {
        this.metadata = metadata;
    }
}
