/** What other features use from incidents: the Link to Incident modal and its button. */
export {
  LinkToIncidentButton,
  LinkToIncidentModal,
  type LinkToIncidentModalProps,
  useCanLinkToIncident,
} from './components/LinkToIncidentModal.js';
