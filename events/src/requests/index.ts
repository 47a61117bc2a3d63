// One yup schema per request, with the spec's messages: the form that sends a request and the route
// that receives it validate with the same schema (`@studio/events/requests`).
export * from './account';
export * from './admin';
export * from './billing';
export * from './books';
export * from './field-errors';
export * from './newsletter';
export * from './outline';
export * from './printable';
export * from './qr';
export * from './rules';
export { numeric, optionalId, text } from './text';
