# The three curl commands of the product documentation, verbatim (start, update, end).
# Tests replace only the URL and send each unchanged with curl.

curl -X POST https://omni.umiibo.app/api/push \
  -H 'Content-Type: application/json' \
  -d '{
    "user_id": "你的 Push ID",
    "widget_id": "实时活动组件 ID",
    "type": "start",
    "sound_mode": "custom",
    "content_state": {
      "isLoading": false,
      "data": "{\"title\":\"进行中\",\"count\":1}"
    },
    "alert_title": "实时活动已启动",
    "alert_body": "新的实时活动正在显示",
    "timestamp": 1710000000,
    "nonce": "start-001"
  }'

curl -X POST https://omni.umiibo.app/api/push \
  -H 'Content-Type: application/json' \
  -d '{
    "user_id": "你的 Push ID",
    "widget_id": "实时活动组件 ID",
    "type": "update",
    "sound_mode": "custom",
    "content_state": {
      "isLoading": false,
      "data": "{\"title\":\"已更新\",\"count\":2}"
    },
    "timestamp": 1710000001,
    "nonce": "update-001"
  }'

curl -X POST https://omni.umiibo.app/api/push \
  -H 'Content-Type: application/json' \
  -d '{
    "user_id": "你的 Push ID",
    "widget_id": "实时活动组件 ID",
    "type": "end",
    "sound_mode": "custom",
    "content_state": {
      "isLoading": false,
      "data": "{\"title\":\"已结束\"}"
    },
    "timestamp": 1710000002,
    "nonce": "end-001"
  }'
