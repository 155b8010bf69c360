/** The tool studio: the component for the Tools panel and its store (user tools registered with the catalog). */
export { ToolStudio } from './tool-studio';
export { studioActions, useStudioStore, userTools } from '../../store/user-tools-store';
