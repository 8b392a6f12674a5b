// The `odata-filter/examples/events` entry point: the model of the example event management
// service (docs/service.md), its schemas and the policies of its two interfaces. The library's
// own entries export none of it; the CLI's `--schema <name>`, the playground and the service
// under service/ read it from here.

export {
  Event,
  Contact,
  Organisation,
  VenueRoom,
  EventTemplate,
  EventSession,
  Registration,
  TimeZone,
  PublicPresenter,
  PublicVenue,
  PublicTimeZone,
  PublicEventTemplateCategoryItem,
  AUTHENTICATED_SCHEMAS,
  PUBLIC_SCHEMAS,
  SERVICE_SCHEMAS,
} from './schemas.js';
export { SERVICE_INTERFACE_A, SERVICE_INTERFACE_B } from './policies.js';
export { eventsModel, eventsModelDefinition } from './model.js';
