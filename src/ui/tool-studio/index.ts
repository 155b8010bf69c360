/** The tool studio: the component for the Tools panel (its state is the playground's user-tools slice). */
export { ToolStudio } from './tool-studio';
