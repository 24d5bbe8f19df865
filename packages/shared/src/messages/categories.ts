// User-facing texts of one domain; the specification's quotes are copied word for word.

export const categoriesMessages = {
  loadFailed: 'Failed to load categories. Please refresh the page.',
  created: 'Category created successfully!',
  updated: 'Category updated successfully!',
  deleted: 'Category deleted successfully!',
  notFound: 'Category not found.',
  nameTaken: 'A category with this name already exists.',
  inUse: 'This category is used by packages. Move or delete them first.',
  intro: 'The categories packages are filed under.',
  addTitle: 'Add a category',
  add: 'Add Category',
  listTitle: 'All categories',
  loading: 'Loading categories…',
  noneYet: 'No categories yet',
  noneYetHint: 'Add the first one with the form above.',
  editTitle: 'Edit category',
  deleteTitle: 'Delete category',
  /** The category's name (in bold) goes where `name` is. */
  deleteConfirm: <T>(name: T) => ['Delete the category ', name, '? This cannot be undone.'] as const,
  name: 'Name',
  nameSw: 'Name in Kiswahili (optional)',
  inKiswahili: 'In Kiswahili:',
  description: 'Description (optional)',
} as const;
