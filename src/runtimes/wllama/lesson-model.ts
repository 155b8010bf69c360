/** The lesson model: a small model the project trained on its own lessons (training/lesson-model/), served by the app. */

export const LESSON_MODEL_NAME = 'tool-loop-lesson-model';
