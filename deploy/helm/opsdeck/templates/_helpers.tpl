{{/* Names and labels shared by the templates. */}}

{{- define "opsdeck.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "opsdeck.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "opsdeck.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "opsdeck.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "opsdeck.selectorLabels" -}}
app.kubernetes.io/name: {{ include "opsdeck.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "opsdeck.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "opsdeck.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "opsdeck.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "opsdeck.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The Secret the processes read: yours (existingSecret) or the chart's. */}}
{{- define "opsdeck.secretName" -}}
{{- default (include "opsdeck.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{/* "true" when the processes use PostgreSQL rather than the embedded database. */}}
{{- define "opsdeck.postgres" -}}
{{- if or .Values.database.url (and .Values.existingSecret .Values.database.inExistingSecret) -}}true{{- end -}}
{{- end -}}

{{/* The roles that get a Deployment, after checking the combination makes sense. */}}
{{- define "opsdeck.roles" -}}
{{- if eq .Values.mode "all" -}}
{{- if and (gt (int .Values.all.replicas) 1) (not (include "opsdeck.postgres" .)) -}}
{{- fail "all.replicas > 1 needs PostgreSQL (database.url): the embedded database belongs to one process" -}}
{{- end -}}
all
{{- else if eq .Values.mode "split" -}}
{{- if not (include "opsdeck.postgres" .) -}}
{{- fail "mode split needs PostgreSQL (database.url, or database-url in existingSecret with database.inExistingSecret)" -}}
{{- end -}}
api,worker
{{- else -}}
{{- fail "mode must be all or split" -}}
{{- end -}}
{{- end -}}

{{/* The role whose pods the Service sends people to. */}}
{{- define "opsdeck.httpRole" -}}
{{- if eq .Values.mode "split" -}}api{{- else -}}all{{- end -}}
{{- end -}}
