/** The tool studio: the parameter form, the test run, the editor's state. */
export const studio = {
  editor: {
    notSavedYet: 'not saved yet',
    unsaved: 'unsaved changes',
    unsavedTitle: 'This editor holds changes that are not saved: Save tool keeps them, Close editor drops them.',
  },
  run: {
    running: 'Running… {{elapsed}}',
  },
  params: {
    none: 'No parameters.',
    add: '+ Add parameter',
    addProperty: '+ Add property to {{parent}}',
    unnamed: '(unnamed)',
    legend: 'Parameter {{label}}',
    name: 'name',
    nameOf: 'Name of parameter {{label}}',
    type: 'type',
    typeOf: 'Type of {{label}}',
    required: 'required',
    remove: 'Remove parameter {{label}}',
    description: 'description',
    descriptionOf: 'Description of {{label}}',
    descriptionPlaceholder: 'what the model reads about it',
    allowed: 'allowed values',
    allowedOf: 'Allowed values of {{label}}',
    allowedPlaceholder: 'comma-separated (optional)',
    items: 'Items of {{label}}',
  },
};
