// User-facing texts of one domain; the specification's quotes are copied word for word.

export const categoriesMessages = {
  loadFailed: 'Failed to load categories. Please refresh the page.',
  created: 'Category created successfully!',
  updated: 'Category updated successfully!',
  deleted: 'Category deleted successfully!',
  notFound: 'Category not found.',
  nameTaken: 'A category with this name already exists.',
  inUse: 'This category is used by packages. Move or delete them first.',
} as const;
